import TerminalText
import Foundation
import OrdersCore

/// Orders as an aligned plain-text table for `orders list`.
enum OrderTable {
    private struct Column: Sendable {
        var title: String
        var width: Int
        var rightAligned = false
        var value: @Sendable (Order) -> String
    }

    private static let columns: [Column] = [
        Column(title: "ID", width: 11) { $0.id.description },
        Column(title: "CREATED (UTC)", width: 16) { String(ISO8601Milliseconds.string(from: $0.createdAt).prefix(16)).replacingOccurrences(of: "T", with: " ") },
        Column(title: "STATUS", width: 10) { $0.status.rawValue },
        Column(title: "CUSTOMER", width: 24) { $0.customerName },
        Column(title: "CTRY", width: 4) { $0.country },
        Column(title: "ITEMS", width: 5, rightAligned: true) { String($0.itemCount) },
        Column(title: "TOTAL", width: 15, rightAligned: true) { $0.currency.plainText($0.total) + " " + $0.currency.code },
        Column(title: "FLAG", width: 4) { $0.flagged ? "yes" : "" },
        Column(title: "ASSIGNEE", width: 12) { $0.assignee ?? "" },
    ]

    static func header() -> String {
        row(columns.map(\.title))
    }

    static func line(for order: Order) -> String {
        row(columns.map { TerminalText.neutralized($0.value(order)) })
    }

    private static func row(_ cells: [String]) -> String {
        zip(columns, cells).map { column, cell in
            DisplayWidth.padded(cell, to: column.width, rightAligned: column.rightAligned)
        }.joined(separator: "  ").trimmingTrailingSpaces()
    }
}

extension String {
    func trimmingTrailingSpaces() -> String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
