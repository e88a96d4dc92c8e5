import Foundation
import Observation
import TerminalText

/// The order detail screen without its drawing: the order, its money, history
/// and notes, the actions of the list (same optimistic update and rollback),
/// and stepping to the next or previous order of the list it was opened from.
@MainActor @Observable
public final class OrderDetailModel {
    /// The list this detail was opened from; actions and next/previous go through it.
    public let list: OrderListModel
    public private(set) var orderID: OrderID
    /// The order as last loaded, with optimistic changes applied; nil until loaded.
    public private(set) var order: Order?
    /// The audit log of the order, oldest first.
    public private(set) var auditLog: [AuditEntry] = []
    public private(set) var isLoading = false
    /// Set when the order does not exist or an action failed.
    public internal(set) var errorMessage: String?

    @ObservationIgnored private var work: Task<Void, Never>?

    private var formatter: OrderFormatter { list.formatter }
    private var environment: PresentationEnvironment { list.environment }

    /// A detail for one order of `list`; call `load()` to fetch it.
    public init(orderID: OrderID, list: OrderListModel) {
        self.orderID = orderID
        self.list = list
    }

    /// Fetches the order and its history from the store.
    public func load() {
        isLoading = true
        let previous = work
        let id = orderID
        work = Task { [weak self] in
            await previous?.value
            await self?.fetch(id)
        }
    }

    private func fetch(_ id: OrderID) async {
        do {
            let order = try await list.store.order(id)
            let history = try await list.store.history(of: id)
            guard id == orderID else { return }
            self.order = order
            auditLog = history
            if order == nil { errorMessage = "Order \(id) does not exist." }
        } catch {
            errorMessage = "Could not load \(id): \(error)"
        }
        isLoading = false
    }

    /// Waits for loading and for the writes of actions started here.
    public func waitForPendingWork() async {
        while let task = work {
            await task.value
            if work == task { work = nil }
        }
    }

    // MARK: What the screen shows

    public var lines: [DetailLine] {
        guard let order else { return [] }
        return order.items.map {
            DetailLine(sku: TerminalText.neutralized($0.sku), title: TerminalText.neutralized($0.title), quantity: $0.quantity,
                       unitPriceText: formatter.money($0.unitPrice, order.currency),
                       lineTotalText: formatter.money($0.lineTotal, order.currency))
        }
    }

    public var totals: DetailTotals? {
        guard let order else { return nil }
        func money(_ amount: Decimal) -> String { formatter.money(amount, order.currency) }
        return DetailTotals(subtotal: money(order.subtotal), discount: order.discount == 0 ? money(0) : "−" + money(order.discount),
                            shipping: money(order.shipping), tax: money(order.tax), total: money(order.total))
    }

    public var statusText: String? { order.map { formatter.label($0.status) } }
    /// Customer, email, country, tags and assignee, made safe for the terminal.
    public var customerText: String? { order.map { TerminalText.neutralized($0.customerName) } }
    public var emailText: String? { order.map { TerminalText.neutralized($0.email) } }
    public var countryText: String? { order.map { TerminalText.neutralized($0.country) } }
    public var tagsText: [String] { order?.tags.map { TerminalText.neutralized($0) } ?? [] }
    public var assigneeText: String? { order?.assignee.map { TerminalText.neutralized($0) } }
    public var createdText: String? { order.map { formatter.absoluteDate($0.createdAt) } }
    public var updatedText: String? { order.map { formatter.absoluteDate($0.updatedAt) } }

    /// Status changes from the audit log, oldest first.
    public var statusHistory: [StatusHistoryEntry] {
        auditLog.filter { $0.field == "status" }.map {
            StatusHistoryEntry(dateText: formatter.absoluteDate($0.at), actor: TerminalText.neutralized($0.actor),
                               from: $0.oldValue ?? "", to: $0.newValue ?? "")
        }
    }

    public var notes: [DetailNote] {
        order?.notes.map {
            DetailNote(dateText: formatter.absoluteDate($0.createdAt), author: TerminalText.neutralized($0.author),
                       text: TerminalText.neutralized($0.text))
        } ?? []
    }

    /// Where the workflow allows this order to go next.
    public var allowedNextStatuses: [OrderStatus] { order?.status.allowedNextStatuses ?? [] }

    // MARK: Actions

    /// Applies an action to this order: the screen changes at once; the list
    /// writes it (rolling back on failure) and the order is then reloaded from
    /// the store, so the screen ends on what is really stored.
    public func perform(_ action: OrderAction) {
        guard let before = order else { return }
        // Validated once, here, on the real order; the list records the outcome without re-checking.
        var updated = before
        let mutations: [OrderMutation]
        do {
            mutations = try action.mutations(forStatus: before.status, actor: environment.actor)
            let entries = try updated.apply(mutations, actor: environment.actor, at: environment.now())
            guard !entries.isEmpty else {
                errorMessage = nil
                list.statusMessage = "Nothing to change"
                return
            }
        } catch {
            errorMessage = "\(action.name): \(OrderAction.refusal(error))"
            return
        }
        errorMessage = nil
        order = updated
        guard list.perform(action, appliedAs: mutations, from: before, to: updated) > 0 else {
            errorMessage = list.errorMessage
            load()
            return
        }
        let previous = work
        let id = orderID
        work = Task { [weak self] in
            await previous?.value
            guard let self else { return }
            await self.list.waitForPendingWork()
            if let error = self.list.errorMessage { self.errorMessage = error }
            await self.fetch(id)
        }
    }

    // MARK: Next and previous

    /// Shows the next order of the list (and selects it there); false at the end.
    @discardableResult
    public func showNext() -> Bool { step(by: 1) }

    /// Shows the previous order of the list; false at the start.
    @discardableResult
    public func showPrevious() -> Bool { step(by: -1) }

    private func step(by offset: Int) -> Bool {
        // If this order left the list (e.g. an action moved it out of the tab), the
        // list's selection already sits on its neighbour: step from there.
        let anchor = list.position(of: orderID) ?? ((list.selectedIndex ?? 0) - (offset > 0 ? 1 : 0))
        let target = anchor + offset
        guard target >= 0, target < list.rowCount, let id = list.ids(in: target..<target + 1).first else { return false }
        list.select(at: target)
        orderID = id
        order = nil
        auditLog = []
        errorMessage = nil
        load()
        return true
    }
}
