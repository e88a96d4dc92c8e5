import Foundation
@testable import OrdersCore
@testable import OrdersInterchange
@testable import OrdersStorage
import OrdersTestSupport
import Testing

/// The rules' "from an import, the shop connection or an operator": a person's change of one
/// order runs the `change` rules in its own transaction and version (so undo takes both back),
/// and orders' own JSON and CSV files run the rules as `orders import` writes them.
@Suite("Rules in reply to a person's change, and on orders' own files")
struct RulesOnEveryArrivalAndChangeTests {
    static let now = OrderFixtures.now
    static let kinds: [StoreKind] = [.sqlite, .postgres]

    /// Answers a priority tag: the next of ana and lena, and a note saying why.
    static let priority = Rule(name: "10-priority", query: "tag:priority", trigger: .change,
                               actions: [.assignRoundRobin(["ana", "lena"]), .note("Priority: answer today")])
    /// Runs on arrival only: a person's change must not run it.
    static let arrivalOnly = Rule(name: "20-arrival-only", query: "tag:priority", trigger: .arrive, actions: [.flag])
    /// Matches the Danish order whatever it holds: were an undo to run rules, it would tag it again.
    static let danish = Rule(name: "30-danish", query: "country:DK", trigger: .change, actions: [.tag("dk")])

    /// An entry as the store reads it back, without its id; its source is the rule's for a rule's actor.
    static func entry(_ id: OrderID, _ actor: String, _ field: String, _ old: String?, _ new: String?, _ version: Int,
                      through door: AuditSource = .operator) -> AuditEntry {
        AuditEntry(orderID: id, at: now, actor: actor, field: field, oldValue: old, newValue: new, version: version,
                   source: AuditSource.of(actor: actor, door: door))
    }

    @Test(arguments: kinds)
    func aPersonsChangeRunsTheChangeRulesInItsVersionAndUndoTakesBothBack(_ kind: StoreKind) async throws {
        let fixture = try StoreFixture(kind)
        let store = try StoreFixture.rules(fixture.store)
        _ = try await ShopFixtures.importFile(ShopFixtures.shopifyCSV, into: store)
        for rule in [Self.priority, Self.arrivalOnly, Self.danish] { try await store.addRule(rule) }
        let before = try await StoreFixture.stored("1101", in: store)
        #expect(before.tags == [] && before.assignee == nil && before.notes == [] && !before.flagged)
        #expect(try await store.history(of: before.id).unnumbered == [])

        // mia tags it: 10-priority replies (ana, the turn stored at 0) and 30-danish tags it; 20 runs on arrival only.
        let version = before.version + 1
        let changed = try await store.update(before.id, expectedVersion: before.version, mutations: [.addTag("priority")], actor: "mia")
        #expect(changed.version == version, "one version: the person's change and the rules' reply")
        #expect(changed.tags == ["priority", "dk"])
        #expect(changed.assignee == "ana")
        #expect(changed.notes == [OrderNote(createdAt: Self.now, author: "rule:10-priority", text: "Priority: answer today")])
        #expect(!changed.flagged)
        #expect(try await store.order(before.id) == changed)
        #expect(try await store.history(of: before.id).unnumbered == [
            Self.entry(before.id, "mia", "tags", nil, "priority", version),
            Self.entry(before.id, "rule:10-priority", "assignee", nil, "ana", version),
            Self.entry(before.id, "rule:10-priority", "notes", nil, "Priority: answer today", version),
            Self.entry(before.id, "rule:30-danish", "tags", nil, "dk", version),
        ])
        // The turn was taken in the change's transaction: another process sees it.
        let second = try StoreFixture.rules(try fixture.secondHandle())
        #expect(try await second.rule(named: "10-priority").roundRobinTurn == 1)

        // Undoing mia's version takes back the rules' reply too, and the undo runs no rule (30-danish would tag again).
        let undone = try await store.update(before.id, expectedVersion: version, mutations: [.undoChange(version: version)], actor: "mia")
        #expect(undone.version == version + 1)
        #expect(undone.tags == [] && undone.assignee == nil && undone.notes == [] && !undone.flagged)
        #expect(try await store.history(of: before.id).filter { $0.version == version + 1 }.map { "\($0.actor) \($0.field)" }
                == ["mia undo", "mia tags", "mia notes", "mia assignee", "mia tags"])
        #expect(try await second.rule(named: "10-priority").roundRobinTurn == 1)
    }

    @Test(arguments: kinds)
    func aRulesOwnChangeAndAnAssigneeSetByHandAreNotAnsweredOver(_ kind: StoreKind) async throws {
        let fixture = try StoreFixture(kind)
        let store = try StoreFixture.rules(fixture.store)
        _ = try await ShopFixtures.importFile(ShopFixtures.shopifyCSV, into: store)
        for rule in [Self.priority, Self.danish] { try await store.addRule(rule) }
        let order = try await StoreFixture.stored("1101", in: store)

        // A change whose actor is a rule (`orders rules apply --existing` writes so) runs no rule: no loops.
        let byRule = try await store.update(order.id, expectedVersion: order.version, mutations: [.addTag("priority")],
                                            actor: "rule:manual")
        #expect(byRule.tags == ["priority"])
        #expect(byRule.assignee == nil)
        #expect(try await store.history(of: order.id).map(\.actor) == ["rule:manual"])

        // lena assigns it by hand, then ana adds a note: 10-priority matches but leaves lena's assignee and
        // only adds its note; 30-danish tags. The turn is not taken.
        let assigned = try await store.update(order.id, expectedVersion: byRule.version, mutations: [.setAssignee("lena")],
                                              actor: "lena")
        #expect(assigned.assignee == "lena")
        #expect(assigned.tags == ["priority", "dk"], "lena's change was a change too")
        #expect(assigned.notes.map(\.text) == ["Priority: answer today"])
        #expect(try await store.rule(named: "10-priority").roundRobinTurn == 0)
        let noted = try await store.update(order.id, expectedVersion: assigned.version, mutations: [.addNote("Called the customer")],
                                           actor: "ana")
        #expect(noted.assignee == "lena")
        #expect(noted.notes.map(\.text) == ["Priority: answer today", "Called the customer"], "the rule's note once only")
        #expect(try await store.history(of: order.id).filter { $0.version == noted.version }.map(\.actor) == ["ana"])
    }

    /// orders' own JSON of the Shopify fixture's three orders, as `orders export` writes it.
    static func ownJSON() async throws -> ImportFile {
        let source = InMemoryOrderStore(now: { now })
        _ = try await ShopFixtures.importFile(ShopFixtures.shopifyCSV, into: source)
        var orders: [Order] = []
        for reference in ShopFixtures.shopifyReferences { orders += try await source.orders(numbered: reference) }
        var exporter = OrderExporter(format: .json)
        let text = exporter.prologue() + exporter.text(for: orders) + exporter.epilogue()
        return try OrderImporter.read(Array(text.utf8), format: .json, fileName: "orders.json")
    }

    @Test(arguments: kinds)
    func ordersOwnFileRunsTheRulesOnArrivalAndOnReplacement(_ kind: StoreKind) async throws {
        let fixture = try StoreFixture(kind)
        let store = try StoreFixture.rules(fixture.store)
        try await store.addRule(OrderFixtures.highRisk)
        try await store.addRule(Self.danish)
        let file = try await Self.ownJSON()
        try await OrderImporter.write(file, into: store, replacingExisting: false, actor: "importer", at: Self.now)

        // SO-2024-00017 (risk high) arrives held and tagged, in the version it was written at.
        let risky = try await StoreFixture.stored("SO-2024-00017", in: store)
        #expect(risky.fulfillment == .onHold)
        #expect(risky.tags == ["check"])
        let rule = "rule:10-high-risk"
        #expect(try await store.history(of: risky.id).unnumbered == [
            Self.entry(risky.id, rule, "fulfillment", "unfulfilled", "on_hold", risky.version),
            Self.entry(risky.id, rule, "notes", nil, "On hold: high risk", risky.version),
            Self.entry(risky.id, rule, "tags", nil, "check", risky.version),
        ])
        // 30-danish runs on change only: the Danish order arrives as it was.
        let danish = try await StoreFixture.stored("1101", in: store)
        #expect(danish.tags == [])
        #expect(try await store.history(of: danish.id) == [])

        // The same file again is refused, naming each order, and nothing is written.
        await #expect(throws: ImportError.self) {
            try await OrderImporter.write(file, into: store, replacingExisting: false, actor: "importer", at: Self.now)
        }
        #expect(try await StoreFixture.stored("1101", in: store) == danish)

        // With --update it replaces them: a change, so 30-danish tags the Danish order in the replacement's version.
        try await OrderImporter.write(file, into: store, replacingExisting: true, actor: "importer", at: Self.now)
        let replaced = try await StoreFixture.stored("1101", in: store)
        #expect(replaced.tags == ["dk"])
        #expect(try await store.history(of: danish.id).unnumbered == [
            Self.entry(danish.id, "importer", "order", "version \(danish.version)", "replaced by import", replaced.version,
                       through: .import),
            Self.entry(danish.id, "rule:30-danish", "tags", nil, "dk", replaced.version),
        ])
    }
}
