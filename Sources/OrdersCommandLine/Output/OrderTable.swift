import Foundation
import OrdersCore
import OrdersInterchange
import OrdersPresentation
import TerminalText

/// Orders as an aligned plain-text table for `orders list`: its own columns by default, or a saved
/// view's columns in the view's order (`orders list --view NAME`), headed by the list's titles.
struct OrderTable: Sendable {
    struct Column: Sendable {
        var title: String
        var width: Int
        var rightAligned = false
        var value: @Sendable (Order) -> String
    }

    let columns: [Column]

    /// The table `orders list` prints without a view (or with a view that shows every column).
    static let standard = OrderTable(columns: [
        Column(title: "ID", width: 11) { $0.number },
        Column(title: "CREATED (UTC)", width: 16) { createdText($0) },
        Column(title: "STATUS", width: 10) { $0.status.rawValue },
        Column(title: "CUSTOMER", width: 24) { $0.customerName },
        Column(title: "CTRY", width: 4) { $0.country },
        Column(title: "ITEMS", width: 5, rightAligned: true) { String($0.itemCount) },
        Column(title: "TOTAL", width: 15, rightAligned: true) { totalText($0) },
        Column(title: "FLAG", width: 4) { $0.flagged ? "yes" : "" },
        Column(title: "ASSIGNEE", width: 12) { $0.assignee ?? "" },
    ])

    /// A saved view's columns in its order, titled as the list titles them (`ListColumn.title`,
    /// upper-cased), with the list's texts for age, payment/shipping and due (against `promise`,
    /// at `now`; without a promise there is no Due column, as in the app). Dates are UTC.
    static func view(_ chosen: [ListColumn], now: Date, promise: FulfilmentPromise?) -> OrderTable {
        let formatter = OrderFormatter(locale: Locale(identifier: "en_US_POSIX"), calendar: .current)
        let columns = chosen.filter { $0 != .due || promise != nil }.map { column -> Column in
            let title = column.title.uppercased()
            switch column {
            case .number: return Column(title: title, width: 13) { $0.number }
            case .date: return Column(title: title + " (UTC)", width: 16) { createdText($0) }
            case .age: return Column(title: title, width: 4, rightAligned: true) { formatter.age(since: $0.ageStart, now: now) }
            case .customer: return Column(title: title, width: 24) { $0.customerName }
            case .items: return Column(title: title, width: 5, rightAligned: true) { String($0.itemCount) }
            case .total: return Column(title: title, width: 15, rightAligned: true) { totalText($0) }
            case .status:
                return Column(title: title, width: 21) { order in
                    OrderStatusWords.cell(payment: order.payment, fulfillment: order.fulfillment,
                                          unmatchedSourceStatus: OrderStatusWords.unmatchedSourceStatus(of: order))
                }
            case .due:
                return Column(title: title, width: 9, rightAligned: true) { order in
                    guard let due = promise?.dueDate(for: order) else { return "" }
                    return formatter.dueText(FulfilmentPromise.dueState(due: due, now: now))
                }
            case .assignee: return Column(title: title, width: 12) { $0.assignee ?? "" }
            case .tags: return Column(title: title, width: 16) { $0.tags.joined(separator: ", ") }
            case .country: return Column(title: title, width: 7) { $0.country }
            case .source: return Column(title: title, width: 11) { $0.source }
            case .outstanding: return Column(title: title, width: 15, rightAligned: true) { outstandingText($0) }
            }
        }
        return OrderTable(columns: columns)
    }

    func header() -> String {
        row(columns.map(\.title))
    }

    func line(for order: Order) -> String {
        row(columns.map { TerminalText.neutralized($0.value(order)) })
    }

    private func row(_ cells: [String]) -> String {
        zip(columns, cells).map { column, cell in
            DisplayWidth.padded(cell, to: column.width, rightAligned: column.rightAligned)
        }.joined(separator: "  ").trimmingTrailingSpaces()
    }

    private static func createdText(_ order: Order) -> String {
        String(ISO8601Milliseconds.string(from: order.createdAt).prefix(16)).replacingOccurrences(of: "T", with: " ")
    }

    private static func totalText(_ order: Order) -> String {
        order.currency.plainText(order.total) + " " + order.currency.code
    }

    private static func outstandingText(_ order: Order) -> String {
        order.currency.plainText(order.outstanding) + " " + order.currency.code
    }
}

extension String {
    func trimmingTrailingSpaces() -> String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
