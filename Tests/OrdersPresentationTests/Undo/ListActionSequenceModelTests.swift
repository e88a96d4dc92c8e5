import Foundation
@testable import OrdersCore
@testable import OrdersInterchange
@testable import OrdersPresentation
@testable import OrdersStorage
import OrdersTestSupport
import Testing

/// Model-based test of the list's actions, undo and redo over real stores, with two operators (issue 27):
/// random sequences of what operators do from the list (advance, cancel, refunded, mark paid, fulfil all,
/// hold, release, flag, tag, untag, assign, undo, redo), each operator on a list model of their own over
/// the same store. After every step, for every order:
///
/// - no line has more units sent, or more units given back, than were bought;
/// - refunded money is never more than the total, every refund a whole number of minor units;
/// - the payment says refunded exactly when refunds gave everything back, partially refunded while some;
/// - the fulfilment agrees with the lines whenever it is a line state (not on hold or returned);
/// - both operators' rows come to agree with the stored order (status, payment, fulfilment, flag, tags, assignee);
/// - an undo that went through left the order's workflow state (payment, fulfilment, each line's sent
///   units, refunds, cancellation, closing) exactly as it was before the action it took back.
///
/// A failing sequence is shrunk (steps dropped one by one while it still fails) and printed with its seed.
@Suite("List actions, undo and redo by two operators: random sequences against the order's invariants")
@MainActor
struct ListActionSequenceModelTests {
    static let stepsPerSequence = 14

    enum Step: Hashable, CustomStringConvertible {
        case act(operator: Int, order: Int, OrderAction)
        case undo(operator: Int)
        case redo(operator: Int)

        var description: String {
            switch self {
            case .act(let person, let order, let action): ".act(operator: \(person), order: \(order), .\(action))"
            case .undo(let person): ".undo(operator: \(person))"
            case .redo(let person): ".redo(operator: \(person))"
            }
        }
    }

    static let actions: [OrderAction] = [.advance, .cancel, .refund, .markPaid, .fulfil, .hold, .release, .flag,
                                         .addTag("x"), .removeTag("x"), .assignToMe]

    /// Three orders in random states: unpaid, paid and partly sent, sent, closed; one or two lines.
    static func orders(_ random: inout SplitMix64) -> [Order] {
        (1...3).map { number in
            let items = (0..<(1 + random.below(2))).map { line in
                LineItem(sku: "SKU-\(line)", title: "Item \(line)", quantity: 1 + random.below(4),
                         unitPrice: Currency.eur.amount(minorUnits: Int64(100 + random.below(9_900))))
            }
            var order = Order(id: OrderID(number), number: "#\(1000 + number)", source: "shopify", customerName: "C\(number)",
                              email: "c\(number)@example.com", country: "DE", currency: .eur, items: items,
                              createdAt: OrderFixtures.now)
            switch random.below(4) {
            case 0: break
            case 1:
                order.payment = .paid
                order.items[0].fulfilledQuantity = random.below(order.items[0].quantity + 1)
                order.fulfillment = order.linesFulfillment
            case 2:
                order.payment = .paid
                for index in order.items.indices { order.items[index].fulfilledQuantity = order.items[index].quantity }
                order.fulfillment = .fulfilled
            default:
                order.payment = .paid
                for index in order.items.indices { order.items[index].fulfilledQuantity = order.items[index].quantity }
                order.fulfillment = .fulfilled
                order.isClosed = true
            }
            return order
        }
    }

    static func steps(_ random: inout SplitMix64) -> [Step] {
        (0..<stepsPerSequence).map { _ in
            let person = random.below(2)
            switch random.below(10) {
            case 0, 1: return .undo(operator: person)
            case 2: return .redo(operator: person)
            default: return .act(operator: person, order: 1 + random.below(3), actions[random.below(actions.count)])
            }
        }
    }

    /// What broke, in words; nil when every step kept every invariant.
    static func failure(of steps: [Step], orders: [Order], kind: StoreKind) async throws -> String? {
        let fixture = try StoreFixture(kind)
        try await fixture.store.insert(orders)
        let models = ["mia", "ana"].map { OrderListModel(store: fixture.store, environment: PresentationFixtures.environment(actor: $0)) }
        for model in models {
            model.load()
            // Each operator's list takes the other's writes from the store's change feed, as in the app.
            model.startObservingChanges()
        }
        defer { for model in models { model.stopObservingChanges() } }
        for model in models { await model.waitForPendingWork() }
        // The workflow state before and after each record's action, by operator and record serial.
        var before: [[Int: [OrderID: OrderWorkflowState]]] = [[:], [:]]
        var after: [[Int: [OrderID: OrderWorkflowState]]] = [[:], [:]]
        for (number, step) in steps.enumerated() {
            let stored = try await Self.stored(fixture.store, orders.map(\.id))
            switch step {
            case .act(let person, let order, let action):
                let model = models[person]
                _ = model.select(id: OrderID(order))
                let serial = model.history.undoStack.last?.serial
                model.perform(action)
                await model.waitForPendingWork()
                if let top = model.history.undoStack.last, top.serial != serial {
                    before[person][top.serial] = stored
                    after[person][top.serial] = try await Self.stored(fixture.store, orders.map(\.id))
                }
            case .undo(let person):
                let model = models[person]
                guard let record = model.history.undoStack.last else { continue }
                model.undo()
                await model.waitForPendingWork()
                // Went through (the record now waits for redo, nothing refused): an action that moved the workflow
                // is put back exactly as it was before it; one that did not (a flag, a tag) leaves the workflow alone.
                if model.history.redoStack.last?.serial == record.serial, model.errorMessage == nil,
                   let was = before[person][record.serial], let made = after[person][record.serial] {
                    let now = try await Self.stored(fixture.store, record.changes.map(\.id))
                    for change in record.changes {
                        let expected = was[change.id] == made[change.id] ? stored[change.id] : was[change.id]
                        guard now[change.id] != expected else { continue }
                        return "step \(number) \(step): \(change.id) is \(String(describing: now[change.id])), not "
                            + String(describing: expected)
                    }
                }
            case .redo(let person):
                let model = models[person]
                guard let record = model.history.redoStack.last else { continue }
                model.redo()
                await model.waitForPendingWork()
                if model.history.undoStack.last?.serial == record.serial {
                    before[person][record.serial] = stored
                    after[person][record.serial] = try await Self.stored(fixture.store, orders.map(\.id))
                }
            }
            if let broken = try await Self.brokenInvariant(fixture.store, orders.map(\.id), models: models) {
                return "step \(number) \(step): \(broken)"
            }
        }
        return nil
    }

    static func stored(_ store: any OrderStore, _ ids: [OrderID]) async throws -> [OrderID: OrderWorkflowState] {
        var states: [OrderID: OrderWorkflowState] = [:]
        for id in ids { states[id] = try await store.order(id).map(OrderWorkflowState.init) }
        return states
    }

    static func brokenInvariant(_ store: any OrderStore, _ ids: [OrderID], models: [OrderListModel]) async throws -> String? {
        for id in ids {
            guard let order = try await store.order(id) else { return "\(id) is gone" }
            for (index, item) in order.items.enumerated() {
                if item.fulfilledQuantity > item.quantity || order.returnedQuantity(ofLine: index) > item.quantity {
                    return "\(id) line \(index): \(item.fulfilledQuantity) sent, \(order.returnedQuantity(ofLine: index)) given back of \(item.quantity)"
                }
            }
            if order.refunded > order.total || order.refunds.contains(where: { order.currency.minorUnits(of: $0.amount) == nil }) {
                return "\(id): refunded \(order.refunded) of \(order.total)"
            }
            let expectedPayment: PaymentStatus? = order.refunds.isEmpty ? nil : order.outstanding == 0 ? .refunded : .partiallyRefunded
            if let expectedPayment, order.payment != expectedPayment {
                return "\(id): payment \(order.payment) with \(order.refunded) of \(order.total) given back"
            }
            if order.refunds.isEmpty, order.payment == .refunded || order.payment == .partiallyRefunded {
                return "\(id): payment \(order.payment) with no refund"
            }
            if [.unfulfilled, .partiallyFulfilled, .fulfilled].contains(order.fulfillment), order.linesFulfillment != order.fulfillment {
                return "\(id): fulfilment \(order.fulfillment) where the lines give \(order.linesFulfillment)"
            }
            // Both operators' rows come to show the stored order (the other's through the change feed).
            for model in models {
                var attempts = 0
                while model.index.slot(of: id).map({ model.index.mutableFields($0) }) != MutableOrderFields(order) {
                    attempts += 1
                    if attempts > 2_000 {
                        let row = model.index.slot(of: id).map { model.index.mutableFields($0) }
                        return "\(id): \(model.environment.actor)'s row \(String(describing: row)) is not the stored \(MutableOrderFields(order))"
                    }
                    await model.waitForPendingWork()
                    try await Task.sleep(for: .milliseconds(5))
                }
            }
        }
        return nil
    }

    static func run(kind: StoreKind, sequences: Int, seed: UInt64) async throws {
        var random = SplitMix64(seed: seed)
        for sequence in 0..<sequences {
            let orders = Self.orders(&random)
            var steps = Self.steps(&random)
            guard var failure = try await Self.failure(of: steps, orders: orders, kind: kind) else { continue }
            // Shrink: drop steps one by one while it still fails.
            var index = 0
            while index < steps.count {
                var fewer = steps
                fewer.remove(at: index)
                if let still = try await Self.failure(of: fewer, orders: orders, kind: kind) {
                    steps = fewer
                    failure = still
                } else {
                    index += 1
                }
            }
            Issue.record("""
                sequence \(sequence) of seed \(seed) on \(kind): \(failure)
                orders: \(orders.map { "\($0.id) \($0.payment)/\($0.fulfillment) closed \($0.isClosed) lines \($0.items.map { "\($0.fulfilledQuantity)/\($0.quantity)" })" })
                steps: [\(steps.map(\.description).joined(separator: ", "))]
                """)
            return
        }
    }

    @Test func inMemory() async throws {
        try await Self.run(kind: .memory, sequences: ModelSequences.count(1_000), seed: 27)
    }

    @Test func onSQLite() async throws {
        try await Self.run(kind: .sqlite, sequences: ModelSequences.count(400) / 10, seed: 2_027)
    }

    @Test func onPostgreSQL() async throws {
        try await Self.run(kind: .postgres, sequences: ModelSequences.count(150) / 10, seed: 20_027)
    }
}
