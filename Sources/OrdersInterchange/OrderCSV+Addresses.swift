import Foundation
import OrdersCore

/// Addresses as CSV columns: one per part (`shipping_address_city`), the street lines one per line
/// of text in `…_lines`.
extension OrderCSV {
    /// The cells of an address in `addressParts` order; all empty when there is none.
    static func addressCells(_ address: PostalAddress?) -> [String] {
        guard let address else { return Array(repeating: "", count: addressParts.count) }
        return [address.name ?? "", address.company ?? "", address.lines.joined(separator: "\n"), address.city ?? "",
                address.postcode ?? "", address.region ?? "", address.country ?? "", address.phone ?? ""]
    }

    /// The address in the columns after `prefix`, or nil when every one is empty or absent (an address
    /// with no parts at all is written as none: the columns cannot tell them apart).
    static func address(_ prefix: String, _ value: (String) -> String?) -> OrderPeopleFields.Address? {
        let cells = addressParts.map { value(prefix + "_" + $0) ?? "" }
        guard cells.contains(where: { !$0.isEmpty }) else { return nil }
        func text(_ index: Int) -> String? { cells[index].isEmpty ? nil : cells[index] }
        // A line break in a written line (`\r\n` from a spreadsheet too) starts the next line.
        let lines = cells[2].isEmpty ? [] : cells[2].replacingOccurrences(of: "\r\n", with: "\n")
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        return OrderPeopleFields.Address(name: text(0), company: text(1), lines: lines, city: text(3), postcode: text(4),
                                         region: text(5), country: text(6), phone: text(7))
    }
}
