import Foundation
@testable import OrdersCore
@testable import OrdersInterchange
import OrdersTestSupport
import Testing

/// Model-based test of conflicts per fact (issue 27): two operators act on one order through a real
/// store, each on the version they last read (they read again at random), so most writes land on a
/// version someone has moved on. After every step:
///
/// - a refused write (a conflict, or a rule of the order) changes nothing, and an append (a note, a
///   tag) is never refused;
/// - a write that lands is the same as its changes applied to the latest order: the store agrees with a
///   model that applies each landed write to its own copy, field by field (statuses, lines, refunds,
///   tags, notes, flag, assignee, version);
/// - the order's rules hold against a ledger of the shipments and refunds that landed
///   (`OrderRulesModelTests.check`: sent ≤ bought − refunded before sending, refunded ≤ the total in
///   whole minor units, the fulfilment agrees with the lines, the payment says refunded when all is back);
/// - every history entry is the operator's, versions never go down, ids only go up; on SQLite a second
///   connection reads the same order.
///
/// A failing sequence is shrunk (steps dropped while it still fails) and printed with its seed.
@Suite("Two operators on one order: random interleavings against a model")
struct TwoOperatorsModelTests {
    static let memorySequences = ModelSequences.count(2_000)
    static let sqliteSequences = ModelSequences.count(2_000) / 50
    static let stepsPerSequence = 20
    static let now = OrderRulesModelTests.start

    /// One operator's act: who (0 or 1), whether they read the order again first, and what they do.
    struct Step: CustomStringConvertible {
        var operatorIndex: Int
        var readsFirst: Bool
        var act: Act

        var description: String { "(\(operatorIndex), \(readsFirst), .\(act))" }
    }

    enum Act: CustomStringConvertible {
        case tag(String), untag(String), note(String), flag(Bool), assign(String?)
        case markPaid, send(line: Int, units: Int), refund(line: Int, units: Int), hold, release, cancel

        var description: String {
            switch self {
            case .tag(let tag): "tag(\"\(tag)\")"
            case .untag(let tag): "untag(\"\(tag)\")"
            case .note(let text): "note(\"\(text)\")"
            case .flag(let on): "flag(\(on))"
            case .assign(let name): "assign(\(name.map { "\"\($0)\"" } ?? "nil"))"
            case .markPaid: "markPaid"
            case .send(let line, let units): "send(line: \(line), units: \(units))"
            case .refund(let line, let units): "refund(line: \(line), units: \(units))"
            case .hold: "hold"
            case .release: "release"
            case .cancel: "cancel"
            }
        }

        /// The changes, as the operator makes them from the order they see.
        func mutations(seeing order: Order) -> [OrderMutation] {
            switch self {
            case .tag(let tag): [.addTag(tag)]
            case .untag(let tag): [.removeTag(tag)]
            case .note(let text): [.addNote(text)]
            case .flag(let on): [.setFlagged(on)]
            case .assign(let name): [.setAssignee(name)]
            case .markPaid: [.setPayment(.paid)]
            case .send(let line, let units): [.fulfilLines(Shipment(lines: [ShipmentLine(line: line, quantity: units)]))]
            case .refund(let line, let units):
                [.refund(order.refund(returning: [RefundLine(line: line, quantity: units)], at: now, reason: nil, restock: false))]
            case .hold: [.setFulfillment(.onHold)]
            case .release: [.setFulfillment(.unfulfilled)]
            case .cancel: [.setStatus(.cancelled)]
            }
        }

        var isAppend: Bool {
            switch self {
            case .tag, .note: true
            default: false
            }
        }
    }

    static func steps(for order: Order, _ random: inout SplitMix64) -> [Step] {
        (0..<stepsPerSequence).map { number in
            let line = random.below(order.items.count)
            let units = 1 + random.below(order.items[line].quantity)
            let act: Act = switch random.below(13) {
            case 0: .tag(["a", "b"][random.below(2)])
            case 1: .untag(["a", "b"][random.below(2)])
            case 2: .note("n\(number)")
            case 3: .flag(random.below(2) == 0)
            case 4: .assign([nil, "ana", "mia"][random.below(3)])
            case 5, 6: .markPaid
            case 7, 8: .send(line: line, units: units)
            case 9, 10: .refund(line: line, units: units)
            case 11: [.hold, .release][random.below(2)]
            default: .cancel
            }
            return Step(operatorIndex: random.below(2), readsFirst: random.below(2) == 0, act: act)
        }
    }

    /// The fields the model and the store must agree on, in words: the first that differs, or nil.
    static func differs(_ stored: Order, _ model: Order) -> String? {
        if stored.version != model.version { return "version \(stored.version), the model \(model.version)" }
        if let state = OrderRulesModelTests.sameState(stored, model) { return "\(state) differs from the model" }
        if stored.tags != model.tags { return "tags \(stored.tags), the model \(model.tags)" }
        if stored.notes.map(\.text) != model.notes.map(\.text) { return "notes differ from the model" }
        if stored.flagged != model.flagged || stored.assignee != model.assignee { return "flag or assignee differ from the model" }
        return nil
    }

    /// Runs `steps` against a new store of `kind`; the first broken invariant, in words, or nil.
    static func run(_ start: Order, _ steps: [Step], on kind: StoreKind) async throws -> String? {
        let fixture = try StoreFixture(kind, clock: TestClock(now))
        let store = fixture.store
        try await store.insert([start])
        var model = start
        var ledger = start.items.map { OrderRulesModelTests.LineLedger(bought: $0.quantity) }
        var seen = [start, start]
        var lastID: Int64 = 0
        for (number, step) in steps.enumerated() {
            if step.readsFirst { seen[step.operatorIndex] = try #require(try await store.order(start.id)) }
            let before = try #require(try await store.order(start.id))
            let mutations = step.act.mutations(seeing: seen[step.operatorIndex])
            let landed: Bool
            do {
                _ = try await store.update(start.id, expectedVersion: seen[step.operatorIndex].version, mutations: mutations,
                                           actor: "op\(step.operatorIndex)")
                landed = true
            } catch {
                if step.act.isAppend { return "step \(number): an append was refused: \(error)" }
                landed = false
            }
            let stored = try #require(try await store.order(start.id))
            if landed {
                // The same changes applied to the model's latest order must give what the store holds.
                do {
                    _ = try model.apply(mutations, actor: "op\(step.operatorIndex)", at: now)
                } catch {
                    return "step \(number): the store took \(step.act) but the latest order refuses it: \(error)"
                }
                switch step.act {
                case .send(let line, let units): ledger[line].sent += units
                case .refund(let line, let units): OrderRulesModelTests.refund(units, of: line, in: &ledger)
                default: break
                }
            } else if stored != before {
                return "step \(number): a refused \(step.act) changed the order"
            }
            if let difference = differs(stored, model) { return "step \(number) (\(step.act)): \(difference)" }
            if let broken = OrderRulesModelTests.check(stored, ledger) { return "step \(number) (\(step.act)): \(broken)" }
            let history = try await store.history(of: start.id)
            let ids = history.compactMap(\.id)
            if ids.count != history.count || ids != ids.sorted() || (ids.first ?? 1) <= 0 { return "history ids \(ids) are not ascending" }
            if let last = ids.last { if last < lastID { return "a history id went down" }; lastID = last }
            if history.contains(where: { $0.source != .operator }) { return "an operator's entry has another source" }
            if kind == .sqlite, try await fixture.secondHandle().order(start.id) != stored {
                return "step \(number): a second connection reads another order"
            }
        }
        return nil
    }

    static func shrink(_ order: Order, _ steps: [Step], on kind: StoreKind) async throws -> [Step] {
        var steps = steps
        var index = 0
        while index < steps.count {
            var shorter = steps
            shorter.remove(at: index)
            if try await run(order, shorter, on: kind) != nil { steps = shorter } else { index += 1 }
        }
        return steps
    }

    @Test(arguments: [(StoreKind.memory, memorySequences), (.sqlite, sqliteSequences)])
    func randomInterleavingsKeepEveryInvariant(_ kind: StoreKind, _ sequences: Int) async throws {
        for seed in 0..<UInt64(sequences) {
            var random = SplitMix64(seed: seed)
            let order = OrderRulesModelTests.order(&random)
            let steps = Self.steps(for: order, &random)
            guard try await Self.run(order, steps, on: kind) != nil else { continue }
            let shortest = try await Self.shrink(order, steps, on: kind)
            Issue.record("""
                \(kind) seed \(seed): \(try await Self.run(order, shortest, on: kind) ?? "")
                order: \(order.currency.code) lines \(order.items.map { "\($0.quantity) × \($0.unitPrice)" }), discount \(order.discount), \
                tax \(order.tax)\(order.taxesIncluded ? " included" : ""), shipping \(order.shipping)
                steps: [\(shortest.map(\.description).joined(separator: ", "))]
                """)
            return
        }
    }
}
