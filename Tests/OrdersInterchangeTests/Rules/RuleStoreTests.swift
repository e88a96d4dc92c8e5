import Foundation
@testable import OrdersCore
@testable import OrdersInterchange
@testable import OrdersStorage
import OrdersTestSupport
import Testing

@Suite("Rules kept in SQLite and PostgreSQL, applied as a shop's file arrives, tried and applied to stored orders")
struct RuleStoreTests {
    static let kinds: [StoreKind] = [.sqlite, .postgres]

    static let wholesale = Rule(name: "20-wholesale", query: "tag:wholesale", actions: [.tag("b2b"), .assignRoundRobin(["ana", "lena"])],
                                changedBy: "ana", changedAt: OrderFixtures.now, roundRobinTurn: 1)

    @Test(arguments: kinds)
    func rulesAreKeptWithWhoChangedThemAndTheirTurnsOnlyAddUp(_ kind: StoreKind) async throws {
        let fixture = try StoreFixture(kind)
        let store = try StoreFixture.rules(fixture.store)
        try await store.addRule(Self.wholesale)
        try await store.addRule(OrderFixtures.highRisk)
        await #expect(throws: RuleError("A rule named \"10-high-risk\" exists already; change it with `orders rules edit`.")) {
            try await store.addRule(OrderFixtures.highRisk)
        }
        // Stored without its turn: a new rule starts at the first person.
        var wholesale = Self.wholesale
        wholesale.roundRobinTurn = 0
        #expect(try await store.rules() == [OrderFixtures.highRisk, wholesale])
        var edited = OrderFixtures.highRisk
        edited.enabled = false
        edited.trigger = .both
        edited.changedBy = "lena"
        edited.changedAt = OrderFixtures.now.addingTimeInterval(60)
        try await store.replaceRule(edited)
        try await store.recordTurns(["20-wholesale": 3])
        try await store.recordTurns(["20-wholesale": 2])
        wholesale.roundRobinTurn = 5
        // Another handle (another operator's process) sees the same rules.
        let second = try StoreFixture.rules(try fixture.secondHandle())
        #expect(try await second.rules() == [edited, wholesale])
        // Replacing a rule keeps its turn.
        try await store.replaceRule(Self.wholesale)
        #expect(try await second.rule(named: "20-wholesale").roundRobinTurn == 5)
        try await store.removeRule(named: "10-high-risk")
        await #expect(throws: RuleError("There is no rule named \"10-high-risk\".")) { try await store.removeRule(named: "10-high-risk") }
        await #expect(throws: RuleError("There is no rule named \"nope\".")) {
            try await store.replaceRule(Rule(name: "nope", query: "flagged", actions: [.flag]))
        }
        #expect(try await store.rules().map(\.name) == ["20-wholesale"])
    }

    @Test(arguments: kinds)
    func aHighRiskOrderOfAShopifyFileArrivesHeldAndTaggedWithTheRuleInItsHistory(_ kind: StoreKind) async throws {
        let fixture = try StoreFixture(kind)
        let store = try StoreFixture.rules(fixture.store)
        try await store.addRule(Self.wholesale)
        try await store.addRule(OrderFixtures.highRisk)
        let first = try await ShopFixtures.importFile(ShopFixtures.shopifyCSV, into: store)
        #expect(first.new == ShopFixtures.shopifyReferences)
        // SO-2024-00017 is the fixture's Risk Level High order, unfulfilled: held, its reason a note, tagged.
        let risky = try await StoreFixture.stored("SO-2024-00017", in: store)
        #expect(risky.fulfillment == .onHold)
        #expect(risky.tags == ["check"])
        #expect(risky.notes == [OrderNote(createdAt: OrderFixtures.now, author: "rule:10-high-risk", text: "On hold: high risk")])
        #expect(risky.assignee == nil)
        let rule = "rule:10-high-risk"
        #expect(try await store.history(of: risky.id).unnumbered == [
            AuditEntry(orderID: risky.id, at: OrderFixtures.now, actor: rule, field: "fulfillment", oldValue: "unfulfilled", newValue: "on_hold", version: risky.version, source: .rule),
            AuditEntry(orderID: risky.id, at: OrderFixtures.now, actor: rule, field: "notes", oldValue: nil, newValue: "On hold: high risk", version: risky.version, source: .rule),
            AuditEntry(orderID: risky.id, at: OrderFixtures.now, actor: rule, field: "tags", oldValue: nil, newValue: "check", version: risky.version, source: .rule),
        ])
        // #1001 is tagged "vip, wholesale": a rule is stored at turn 0 (ana's, 0 mod 2); the team's turn is now 1.
        let wholesaleOrder = try await StoreFixture.stored("#1001", in: store)
        #expect(wholesaleOrder.tags == ["vip", "wholesale", "b2b"])
        #expect(wholesaleOrder.assignee == "ana")
        #expect(try await store.history(of: wholesaleOrder.id).unnumbered == [
            AuditEntry(orderID: wholesaleOrder.id, at: OrderFixtures.now, actor: "rule:20-wholesale", field: "tags", oldValue: nil, newValue: "b2b", version: wholesaleOrder.version, source: .rule),
            AuditEntry(orderID: wholesaleOrder.id, at: OrderFixtures.now, actor: "rule:20-wholesale", field: "assignee", oldValue: nil, newValue: "ana", version: wholesaleOrder.version, source: .rule),
        ])
        #expect(try await store.rule(named: "20-wholesale").roundRobinTurn == 1)
        // The Danish order matches neither rule.
        let danish = try await StoreFixture.stored("1101", in: store)
        #expect(try await store.history(of: danish.id) == [])
        // The same file again: nothing changed in the shop, so no event, no rule, nothing written.
        let second = try await ShopFixtures.importFile(ShopFixtures.shopifyCSV, into: store)
        #expect(second == ShopImportOutcome(new: [], updated: [], unchanged: 3))
        #expect(try await StoreFixture.stored("SO-2024-00017", in: store) == risky)
        #expect(try await store.history(of: risky.id).count == 3)
        #expect(try await store.rule(named: "20-wholesale").roundRobinTurn == 1)
    }

    @Test(arguments: kinds)
    func aChangeMadeByARuleDoesNotRunRulesAgain(_ kind: StoreKind) async throws {
        let fixture = try StoreFixture(kind)
        let store = try StoreFixture.rules(fixture.store)
        // If a rule's change ran rules again, "20-tagged" (on change) would tag what "10-hold" changed.
        try await store.addRule(Rule(name: "10-hold", query: "risk:high", trigger: .both, actions: [.hold(reason: "high risk")]))
        try await store.addRule(Rule(name: "20-tagged", query: "ship:on_hold", trigger: .change, actions: [.tag("looped")]))
        _ = try await ShopFixtures.importFile(ShopFixtures.shopifyCSV, into: store)
        let risky = try await StoreFixture.stored("SO-2024-00017", in: store)
        #expect(risky.fulfillment == .onHold)
        #expect(risky.tags == [])
        #expect(try await store.history(of: risky.id).map(\.actor) == ["rule:10-hold", "rule:10-hold"])
    }

    @Test(arguments: kinds)
    func testingARuleChangesNothingAndApplyingItToStoredOrdersWritesItsHistory(_ kind: StoreKind) async throws {
        let fixture = try StoreFixture(kind)
        let store = try StoreFixture.rules(fixture.store)
        _ = try await ShopFixtures.importFile(ShopFixtures.shopifyCSV, into: store)
        let rule = Rule(name: "big", query: "total>1000", actions: [.flag])
        try await store.addRule(rule)
        let before = try await StoreFixture.everything(in: store)
        let files = StoreFixture.fileBytes(fixture)
        let matches = try await RuleTrial.matches(of: rule, in: store, at: OrderFixtures.now)
        // 1250 DKK and 3960 JPY are above 1000 in their own currencies; 429.04 USD is not.
        #expect(matches.map(\.order.reference.description) == ["shopify:1101", "shopify:SO-2024-00017"])
        #expect(matches.map { $0.changes.map { "\($0.actor) \($0.field) \($0.oldValue ?? "-")→\($0.newValue ?? "-")" } }
                == [["rule:big flagged false→true"], ["rule:big flagged false→true"]])
        #expect(try await StoreFixture.everything(in: store) == before)
        #expect(StoreFixture.fileBytes(fixture) == files)
        let outcome = try await RuleTrial.apply(rule, to: store, at: OrderFixtures.now)
        #expect(outcome == RuleTrial.Outcome(changed: [OrderReference(source: "shopify", number: "1101"),
                                                       OrderReference(source: "shopify", number: "SO-2024-00017")]))
        let danish = try await StoreFixture.stored("1101", in: store)
        #expect(danish.flagged)
        #expect(try await store.history(of: danish.id).map { "\($0.actor) \($0.field)" } == ["rule:big flagged"])
        // Applied again: nothing left to change.
        #expect(try await RuleTrial.apply(rule, to: store, at: OrderFixtures.now) == RuleTrial.Outcome())
    }

}
