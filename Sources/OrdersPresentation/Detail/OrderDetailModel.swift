import Foundation
import Observation
import OrdersCore
import OrdersStorage
import TerminalText

/// The order detail screen without its drawing: the order, its money, history
/// and notes, and the actions of the list (same optimistic update and rollback).
/// It follows the change feed through its list: a change made elsewhere shows at
/// once and is marked, and an action is taken on the version the screen showed,
/// never on one the operator has not seen.
@MainActor @Observable
public final class OrderDetailModel {
    /// The list this detail was opened from; actions and next/previous go through it.
    public let list: OrderListModel
    public private(set) var orderID: OrderID
    /// The order as last loaded, with optimistic changes applied; nil until loaded.
    public private(set) var order: Order? {
        didSet { if order?.notes != oldValue?.notes { notes = Self.detailNotes(order, formatter: formatter) } }
    }

    /// The order's number as shown in the header: from the loaded order, else as the list holds it.
    public var numberText: String { order.map { TerminalText.neutralized($0.number) } ?? list.numberText(of: orderID) }
    /// The audit log of the order, oldest first.
    public private(set) var auditLog: [AuditEntry] = [] {
        didSet { history = Self.history(auditLog, formatter: formatter) }
    }
    /// Every change of the audit log, oldest first (statuses, lines sent, refunds, assignment, tags,
    /// flags, notes, imports); made when the log changes, not per frame, since an order may have a long history.
    public private(set) var history: [HistoryEntry] = []
    /// What was queued for the order's shop, oldest first, with where each stands (sent, waiting,
    /// refused); empty for an order of no connected shop, or a store that keeps no outbox.
    public private(set) var shopFacts: [QueuedShopFact] = []
    /// The operators' notes, oldest first, each cut to `DetailNote.shownCharacters` for the
    /// screen; made when the notes change, not per frame, since an order may have very many.
    public private(set) var notes: [DetailNote] = []
    /// The customer's orders seen from this one, loaded with it; nil until then, when the order
    /// names no customer, or when they could not be loaded (`customerOrdersError`).
    public internal(set) var customerOrders: CustomerOrders?
    public internal(set) var customerOrdersError: String?
    /// Which of the customer's recent other orders Enter opens.
    public internal(set) var selectedCustomerOrder = 0
    public private(set) var isLoading = false
    /// Set when the order does not exist or an action failed.
    public internal(set) var errorMessage: String?
    /// The message of the last failed load, while it is shown: cleared by the next load that succeeds.
    private var loadFailure: String?
    /// What someone else last changed on this order, while it is marked as recently changed.
    public private(set) var outsideChange: DetailOutsideChange?

    @ObservationIgnored private var work: Task<Void, Never>?
    @ObservationIgnored private var mergeObserver: Int?

    var formatter: OrderFormatter { list.formatter }
    var environment: PresentationEnvironment { list.environment }

    /// A detail for one order of `list`; call `load()` to fetch it.
    public init(orderID: OrderID, list: OrderListModel) {
        self.orderID = orderID
        self.list = list
        mergeObserver = list.addMergeObserver { [weak self] event in
            switch event {
            case .merged(let order): self?.changedElsewhere(order)
            case .reloaded: self?.reloadAfterOutsideChanges()
            case .savedViewsChanged: break
            }
        }
    }

    isolated deinit {
        if let mergeObserver { list.removeMergeObserver(mergeObserver) }
    }

    /// Fetches the order and its history from the store.
    public func load() {
        isLoading = true
        let previous = work
        let id = orderID
        work = environment.work.onMain { [weak self] in
            await previous?.value
            await self?.fetch(id)
        }
    }

    private func fetch(_ id: OrderID) async {
        do {
            let order = try await list.store.order(id)
            let history = try await list.store.history(of: id)
            let facts = try await Self.shopFacts(of: id, in: list.store)
            guard id == orderID else { return }
            // Someone else's change may have been merged while this read was under way; an
            // order's version only grows, so a read older than what is shown does not replace it.
            if !Self.isNewer(self.order, than: order) { self.order = order }
            auditLog = history
            shopFacts = facts
            // A load that failed before (the connection was down) is over: its message goes.
            if let loadFailure, errorMessage == loadFailure { errorMessage = nil }
            loadFailure = nil
            await loadCustomerOrders(of: order)
            if order == nil { errorMessage = "Order \(list.numberText(of: id)) does not exist." }
        } catch {
            let message = "Could not load \(list.numberText(of: id)): \(error)"
            // An action's failure (a note not saved) stays: it says what was lost, the reload only why.
            if errorMessage == nil || errorMessage == loadFailure {
                errorMessage = message
                loadFailure = message
            }
        }
        isLoading = false
    }

    private static func shopFacts(of id: OrderID, in store: any OrderStore) async throws -> [QueuedShopFact] {
        guard let outbox = store as? any ShopOutboxStore else { return [] }
        return try await outbox.shopFacts(ofOrder: id)
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
                       unitPriceText: ($0.hasDerivedUnitPrice ? LineItem.derivedPriceMark : "") + formatter.money($0.unitPrice, order.currency),
                       lineTotalText: formatter.money($0.lineTotal, order.currency), sent: $0.fulfilledQuantity)
        }
    }

    /// Whether the lines show how many units of each were sent: only while the lines are partly
    /// sent (`Order.isPartlySent`); all or none sent, the fulfilment says it.
    public var showsSentQuantities: Bool {
        order?.isPartlySent ?? false
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

    /// Where the workflow allows this order to go next.
    public var allowedNextStatuses: [OrderStatus] { order?.status.allowedNextStatuses ?? [] }

    /// The allowed next statuses with their labels, for the workflow section.
    public var nextSteps: [DetailNextStep] {
        allowedNextStatuses.map { DetailNextStep(status: $0, label: formatter.label($0)) }
    }

    /// The tags on one line ("vip, gift"), nil when there are none.
    public var tagsLine: String? { tagsText.isEmpty ? nil : tagsText.joined(separator: ", ") }

    /// Where this order sits in its list ("12 of 340"); nil when it is not shown there
    /// (an action moved it out of the current tab), because a position would lie.
    public var positionText: String? { formatter.position(list.position(of: orderID), of: list.rowCount) }

    private static func history(_ log: [AuditEntry], formatter: OrderFormatter) -> [HistoryEntry] {
        log.map {
            HistoryEntry(dateText: formatter.absoluteDate($0.at), actor: TerminalText.neutralized($0.who),
                         what: HistoryEntry.word(for: $0.field), from: HistoryEntry.shown($0.oldValue, of: $0.field),
                         to: HistoryEntry.shown($0.newValue, of: $0.field))
        }
    }

    private static func detailNotes(_ order: Order?, formatter: OrderFormatter) -> [DetailNote] {
        order?.notes.map {
            DetailNote(dateText: formatter.absoluteDate($0.createdAt), author: TerminalText.neutralized($0.author),
                       text: DetailNote.shown($0.text))
        } ?? []
    }

    // MARK: Actions

    /// Applies an action to this order as shown: the screen changes at once; the list
    /// writes it (rolling back on failure) and the order is then reloaded from the
    /// store, so the screen ends on what is really stored. If the order changed since
    /// the version shown, nothing is done: the new state is shown with the refusal,
    /// and the same key again acts on it.
    public func perform(_ action: OrderAction) {
        perform(action, seenVersion: nil)
    }

    /// Applies an action to this order as the operator saw it at `seenVersion` (when a
    /// confirmation came between), or as shown now when nil.
    public func perform(_ action: OrderAction, seenVersion: Int?) {
        guard var before = order else { return }
        if let seenVersion { before.version = seenVersion }
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
        guard list.perform(action, appliedAs: mutations, from: before, to: updated) > 0 else {
            errorMessage = list.errorMessage
            load()
            return
        }
        errorMessage = nil
        // The version is the store's counter: the screen keeps the stored one until the store
        // answers, so a second action before then is judged against what the list holds.
        updated.version = before.version
        order = updated
        let previous = work
        let id = orderID
        work = environment.work.onMain { [weak self] in
            await previous?.value
            guard let self else { return }
            await self.list.waitForPendingWork()
            if let error = self.list.errorMessage { self.errorMessage = error }
            await self.fetch(id)
        }
    }

    // MARK: Changes made elsewhere

    /// The list merged a change someone else made; if it is this order, show it and mark it.
    private func changedElsewhere(_ changed: Order) {
        guard changed.id == orderID, let shown = order, Self.isNewer(changed, than: shown) else { return }
        outsideChange = DetailOutsideChange(
            fields: DetailOutsideChange.fields(from: shown, to: changed),
            until: environment.now().addingTimeInterval(environment.recentChangeDuration))
        order = changed
        let previous = work
        let id = orderID
        work = environment.work.onMain { [weak self] in
            await previous?.value
            await self?.fetchHistory(id)
        }
    }

    /// Much changed elsewhere (a bulk import): fetch the order again and mark it if it changed.
    private func reloadAfterOutsideChanges() {
        let previous = work
        let id = orderID
        work = environment.work.onMain { [weak self] in
            await previous?.value
            guard let self, let changed = try? await self.list.store.order(id) else { return }
            self.changedElsewhere(changed)
        }
    }

    /// Whether `order` is a later version of the same order than `other`.
    private static func isNewer(_ order: Order?, than other: Order?) -> Bool {
        guard let order, let other, order.id == other.id else { return false }
        return order.version > other.version
    }

    /// The "changed elsewhere" notice, while the change is recent: "changed elsewhere: status, notes".
    public var outsideChangeText: String? {
        guard let outsideChange, outsideChange.until > environment.now() else { return nil }
        return outsideChange.fields.isEmpty ? "changed elsewhere"
            : "changed elsewhere: " + outsideChange.fields.joined(separator: ", ")
    }

    private func fetchHistory(_ id: OrderID) async {
        do {
            let history = try await list.store.history(of: id)
            let facts = try await Self.shopFacts(of: id, in: list.store)
            guard id == orderID else { return }
            auditLog = history
            shopFacts = facts
        } catch {
            errorMessage = "Could not load the history of \(id): \(error)"
        }
    }
}
