import Foundation
@testable import OrdersCore
@testable import OrdersStorage
import OrdersTestSupport
import Testing

/// Each history entry says by which door it came in (issue 27: "who (operator, import, rule, shop sync)"):
/// the store that writes it stamps it, an operator's update, an import's upsert and a shop's pull page
/// each with their own source, and a rule's reply as the rule's whichever door carried it. Each entry has
/// an id: one ascending sequence over the store, the same from a second handle.
@Suite("Store contract: every history entry's source and id")
struct HistorySourceTests {
    static let now = OrderFixtures.now

    /// A pending order of two mugs, not yet paid.
    static func mugs() -> Order {
        Order(id: OrderID(41), number: "#1041", source: "eu", customerName: "Aoife Wood", email: "aoife@example.ie",
              country: "IE", currency: .eur, items: [LineItem(sku: "MUG-1", title: "Mug", quantity: 2, unitPrice: 12)],
              createdAt: now, status: .pending)
    }

    /// Replies to a `gift` tag with a note.
    static let giftRule = Rule(name: "10-gift", query: "tag:gift", trigger: .change, actions: [.note("Wrap it")])

    /// "#id vN source actor field: old → new" for each entry: every part a test of this suite checks.
    static func lines(_ history: [AuditEntry]) -> [String] {
        history.map {
            "#\($0.id.map(String.init) ?? "-") v\($0.version ?? 0) \($0.source?.rawValue ?? "-") \($0.actor) "
                + "\($0.field): \($0.oldValue ?? "-") → \($0.newValue ?? "-")"
        }
    }

    /// The SQL stores: the in-memory store runs no rules in reply to a change (its contract tests check
    /// the operator's and the import's sources).
    @Test(arguments: [StoreKind.sqlite, .postgres])
    func anOperatorsChangeARulesReplyAndAnImportEachSayTheirDoor(_ kind: StoreKind) async throws {
        let fixture = try StoreFixture(kind)
        let store = try StoreFixture.rules(fixture.store)
        try await store.insert([Self.mugs()])
        try await store.addRule(Self.giftRule)

        _ = try await store.update(OrderID(41), expectedVersion: 1, mutations: [.addTag("gift")], actor: "mia")
        var replacement = Self.mugs()
        replacement.customerName = "Aoife Wood-Byrne"
        try await store.upsert([replacement], actor: "ana", expectedVersions: [OrderID(41): 2], audit: [])

        // Version 2: mia's tag (the operator's) and the rule's note in reply (the rule's, through mia's door).
        // Version 3: ana's file replaced the order (an import). Ids follow the order written.
        let expected = [
            "#1 v2 operator mia tags: - → gift",
            "#2 v2 rule rule:10-gift notes: - → Wrap it",
            "#3 v3 import ana order: version 2 → replaced by import",
        ]
        #expect(Self.lines(try await store.history(of: OrderID(41))) == expected)
        #expect(Self.lines(try await fixture.secondHandle().history(of: OrderID(41))) == expected)
        #expect(try await store.history(of: OrderID(41)).map(\.kind) == ["tag_added", "note_added", "replaced_by_import"])
        #expect(try await store.history(of: OrderID(41)).map(\.who) == ["mia", "rule:10-gift", "ana via import"])
    }

    @Test(arguments: [StoreKind.sqlite, .postgres])
    func aShopsPullSaysItCameFromTheShopAndItsRulesAreTheRules(_ kind: StoreKind) async throws {
        let fixture = try StoreFixture(kind)
        let store = try #require(fixture.store as? any ShopRegistry & OrderStore)
        try await store.addShop(ConnectedShop(name: "eu", platform: .shopify, url: "https://127.0.0.1:1", caFile: nil,
                                              credentialsFile: "/nonexistent/eu.token"), at: Self.now)
        try await store.insert([Self.mugs()])
        var pulled = Self.mugs()
        pulled.payment = .paid
        pulled.status = .processing
        let ruleNote = AuditEntry(orderID: OrderID(41), at: Self.now, actor: "rule:20-paid", field: "notes", oldValue: nil,
                                  newValue: "Paid in the shop")
        pulled.notes = [OrderNote(createdAt: Self.now, author: "rule:20-paid", text: "Paid in the shop")]
        try await store.recordPullPage(ShopPullPage(shop: "eu", orders: [pulled], expectedVersions: [OrderID(41): 1],
                                                    pulledThrough: Self.now, actor: "sync", audit: [ruleNote]))
        #expect(Self.lines(try await store.history(of: OrderID(41))) == [
            "#1 v2 shop sync order: version 1 → replaced by the shop's copy",
            "#2 v2 rule rule:20-paid notes: - → Paid in the shop",
        ])
        #expect(try await store.history(of: OrderID(41)).map(\.who) == ["sync via shop sync", "rule:20-paid"])
        #expect(try await store.history(of: OrderID(41)).map(\.kind) == ["replaced_by_shop", "note_added"])
    }

    @Test func anEntryWrittenBeforeSourcesWereKeptHasNoneUnlessARuleWroteIt() {
        #expect(AuditSource.stored(nil, actor: "mia") == nil)
        #expect(AuditSource.stored(nil, actor: "rule:10-gift") == .rule)
        #expect(AuditSource.stored("import", actor: "mia") == .import)
        #expect(AuditSource.stored("from-a-newer-build", actor: "mia") == nil)
        let old = AuditEntry(orderID: OrderID(1), at: Self.now, actor: "mia", field: "tags", oldValue: nil, newValue: "gift")
        #expect(old.who == "mia", "an unknown door adds no words")
        #expect(old.stamped(writtenBy: .shop).source == .shop)
        #expect(old.stamped(writtenBy: .shop).stamped(writtenBy: .import).source == .shop, "a source once set stays")
    }

    @Test func eachFieldAndWayGivesItsKind() {
        func kind(_ field: String, _ old: String?, _ new: String?) -> String {
            AuditEntry(orderID: OrderID(1), at: Self.now, actor: "mia", field: field, oldValue: old, newValue: new).kind
        }
        #expect([kind("status", "pending", "processing"), kind("payment", "pending", "paid"),
                 kind("fulfillment", "unfulfilled", "on_hold")] == ["status_changed", "payment_changed", "fulfillment_changed"])
        #expect([kind("fulfilled_lines", nil, "2 × MUG-1"), kind("fulfilled_lines", "2 × MUG-1", nil)] == ["shipped", "shipment_cancelled"])
        #expect([kind("refunds", nil, "R1 12.00"), kind("refunds", "R1 12.00", nil)] == ["refunded", "refund_reversed"])
        #expect([kind("cancel_reason", nil, "asked"), kind("cancel_reason", "asked", nil)] == ["cancel_reason_set", "cancel_reason_cleared"])
        #expect([kind("closed", "false", "true"), kind("closed", "true", "false")] == ["closed", "reopened"])
        #expect([kind("flagged", "false", "true"), kind("flagged", "true", "false")] == ["flagged", "unflagged"])
        #expect([kind("tags", nil, "vip"), kind("tags", "vip", nil)] == ["tag_added", "tag_removed"])
        #expect([kind("notes", nil, "called"), kind("notes", "called", nil)] == ["note_added", "note_removed"])
        #expect([kind("assignee", nil, "ana"), kind("assignee", "ana", "mia"), kind("assignee", "ana", nil)]
                == ["assigned", "assigned", "unassigned"])
        #expect([kind("order", "version 2", "replaced by import"), kind("undo", nil, "version 3"), kind("workflow", "{}", "{}")]
                == ["replaced_by_import", "undone", "workflow"])
    }
}
