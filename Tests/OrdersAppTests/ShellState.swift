import OrdersApp
import OrdersCore
import OrdersPresentation
import TermRender

/// The whole state of the running app that the shell tests compare in one expectation:
/// navigation, modal, focus, the list, the notice, the terminal-side switches, and
/// every order as the store holds it.
struct ShellState: Equatable, CustomStringConvertible {
    var routes: [Route]
    var modal: Modal?
    /// The note drafts kept by order (`AppCoordinator.noteDrafts`).
    var noteDrafts: [OrderID: String]
    var focus: Focus
    /// The order the detail screen shows.
    var detail: OrderID?
    var list: ListSummary
    var paletteText: String
    /// The highlighted completion.
    var paletteSuggestion: Int?
    var notice: String?
    var mouseCapture: Bool
    /// `DetailScroll.summary`: where each detail column is scrolled.
    var detailScroll: String
    var helpScroll: Int
    var exitStatus: Int32?
    /// The list's error line (a refused action), and the detail's.
    var listError: String?
    var detailError: String?
    /// The detail's list of the customer's other orders: their numbers, the one Enter opens starred ("7* 6").
    var customerOrders: String
    /// The dashboard once it has figures: its period, the focused panel and the focused number's label ("30d openByAge >7d").
    var dashboard: String
    /// The import of `:import FILE`: running (with its progress) or its summary.
    var importState: ImportState
    /// The pulling of the connected shops (nil for a store that keeps none), and the status bar's words for them.
    var shopSync: ShopSyncState?
    var shopStatus: String?
    /// The rules screen's model (`RulesModel.summary`): rows, selection, trial, query edit with its cursor, message.
    var rules: String
    /// Every order in the store, one line each (`OrderSummary`), by id.
    var orders: [String]

    /// The list model as the screen shows it.
    struct ListSummary: Equatable {
        var shown: [Int]
        var selected: Int?
        var marked: [Int]
        /// The order a range started by `v` begins at, until the second `v` marks it.
        var rangeStart: Int? = nil
        var search: String
        var tab: StatusTab
        var sort: OrderSort
        var flaggedOnly: Bool
        var highValueOnly: Bool
        /// The columns the table shows, in order (`OrderListModel.shownColumns`).
        var columns: [ListColumn]
    }

    var description: String {
        """
        routes \(routes) modal \(modal.map { "\($0)" } ?? "nil") drafts \(noteDrafts) focus \(focus) detail \(detail.map { "\($0)" } ?? "nil")
        list \(list)
        palette "\(paletteText)" suggestion \(paletteSuggestion.map { "\($0)" } ?? "nil") notice \(notice ?? "nil") mouse \(mouseCapture) scroll detail \(detailScroll) customer's orders \(customerOrders) help \(helpScroll) dashboard \(dashboard) import \(importState) shops \(shopSync.map { "\($0)" } ?? "nil") "\(shopStatus ?? "nil")" exit \(exitStatus.map { "\($0)" } ?? "nil")
        rules \(rules)
        errors list \(listError ?? "nil") detail \(detailError ?? "nil")
        orders \(orders.joined(separator: " | "))
        """
    }
}

extension OrderListModel {
    var summary: ShellState.ListSummary {
        ShellState.ListSummary(shown: visibleIDs.map(\.number), selected: selectedOrderID?.number,
                               marked: markedIDs.map(\.number), rangeStart: rangeStart?.id.number, search: searchText, tab: statusTab, sort: sort,
                               flaggedOnly: flaggedOnly, highValueOnly: highValueOnly, columns: shownColumns)
    }
}

extension Order {
    /// "1 pending vip @mia notes:1 refunds:R1=100.00:1×#1 tracking:1Z9 sent:1/0 F": status (with payment and fulfilment when they are not the
    /// status's plain form: "1 processing pay:pending ship:on_hold"), tags, assignee, notes, flag.
    var summary: String {
        var parts = ["\(id.number)", status.rawValue]
        let plain = Order(id: id, customerName: "", email: "", country: "", currency: currency, items: [], createdAt: createdAt,
                          status: status)
        if plain.payment != payment { parts.append("pay:\(payment.rawValue)") }
        if plain.fulfillment != fulfillment { parts.append("ship:\(fulfillment.rawValue)") }
        parts += tags
        if let assignee { parts.append("@\(assignee)") }
        if !notes.isEmpty { parts.append("notes:\(notes.map(\.text).joined(separator: "/"))") }
        if !refunds.isEmpty { parts.append("refunds:" + refunds.map { $0.summary(in: currency) }.joined(separator: "/")) }
        if !trackingNumbers.isEmpty { parts.append("tracking:" + trackingNumbers.joined(separator: "/")) }
        // The units sent per line when the fulfilment alone does not say them (partly sent lines).
        if items.contains(where: { $0.fulfilledQuantity != Order.assumedFulfilledQuantity(of: $0.quantity, fulfillment: fulfillment) }) {
            parts.append("sent:" + items.map { String($0.fulfilledQuantity) }.joined(separator: "/"))
        }
        if flagged { parts.append("F") }
        return parts.joined(separator: " ")
    }
}

extension Refund {
    /// "R1=100.00", or with lines, shipping and restock "R1=710.00:1×#1+ship 10.00+restock" (lines from 1).
    func summary(in currency: Currency) -> String {
        var details = lines.map { "\($0.quantity)×#\($0.line + 1)" }
        if shipping > 0 { details.append("ship \(currency.plainText(shipping))") }
        if restock { details.append("restock") }
        return "\(id)=\(currency.plainText(amount))" + (details.isEmpty ? "" : ":" + details.joined(separator: "+"))
    }
}

extension RulesModel {
    /// "10-big 0 | 20-vip off 0 | sel 0 | test 10-big 3/1 | edit "total>1000"@10 ⚠ … | Disabled rule 10-big.":
    /// each row (off when disabled, today's count, ⚠ and the error), then the selection, the trial
    /// (matched/changing), the query being edited with the field's cursor, and the last message.
    func summary(cursor: Int?) -> String {
        var parts = rows.map { row in
            "\(row.name)\(row.enabled ? "" : " off") \(row.changedToday.map(String.init) ?? "…")" + (row.error.map { " ⚠ \($0)" } ?? "")
        }
        if !rows.isEmpty { parts.append("sel \(selection)") }
        switch trial {
        case .running(let name): parts.append("testing \(name)")
        case .shown(let summary): parts.append("test \(summary.ruleName) \(summary.matched)/\(summary.changing)")
        case .failed(let name, let message): parts.append("test \(name) failed: \(message)")
        case nil: break
        }
        if let edit {
            parts.append("edit \"\(edit.text)\"" + (cursor.map { "@\($0)" } ?? "") + (edit.error.map { " ⚠ \($0)" } ?? "")
                         + (edit.refusal.map { " refused: \($0)" } ?? "") + (edit.isSaving ? " saving" : ""))
        }
        if let message { parts.append(message) }
        return parts.joined(separator: " | ")
    }
}

extension DashboardModel {
    /// "30d openByAge >7d": the period, the focused panel and the focused number's label; empty before any figures.
    var summary: String {
        guard figures != nil else { return "" }
        return "\(periodDays)d \(focus.panel) \(selectedItem?.label ?? "-")"
    }
}
