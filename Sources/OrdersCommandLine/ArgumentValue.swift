import Foundation
import OrdersCore

/// Typed values from command-line text; each failure is a usage error in one sentence.
enum ArgumentValue {
    /// An order as typed: its number verbatim, `SOURCE:NUMBER`, or an `orders://order/…` link
    /// (`DeepLink`, as `--open` is documented), resolved by the store when the command runs.
    static func orderReference(_ text: String) throws(CLIError) -> OrderReference {
        guard let reference = DeepLink.reference(from: text) else {
            throw .usage("\"\(text)\" is not an order number (expected the number as the shop wrote it, e.g. #1001, or SOURCE:NUMBER)")
        }
        return reference
    }

    static func status(_ text: String) throws(CLIError) -> OrderStatus {
        guard let status = OrderStatus(rawValue: text.trimmingCharacters(in: .whitespaces).lowercased()) else {
            throw .usage("unknown status \"\(text)\" (expected \(OrderStatus.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        return status
    }

    /// A tag as the app takes it: trimmed of spaces at its ends, never empty.
    static func tag(_ text: String) throws(CLIError) -> String {
        let tag = text.trimmingCharacters(in: .whitespaces)
        guard !tag.isEmpty else { throw .usage("the tag is empty") }
        return tag
    }

    /// One of `choices`, for `option` (e.g. `--format`).
    static func choice<Choice: RawRepresentable<String> & CaseIterable>(
        _ text: String, for option: String, as type: Choice.Type = Choice.self
    ) throws(CLIError) -> Choice {
        guard let choice = Choice(rawValue: text) else {
            let names = Choice.allCases.map(\.rawValue)
            let listed = names.count > 2
                ? names.dropLast().joined(separator: ", ") + " or " + (names.last ?? "")
                : names.joined(separator: " or ")
            throw .usage("\(option) must be \(listed), got \"\(text)\"")
        }
        return choice
    }
}
