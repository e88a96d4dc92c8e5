import Foundation
@testable import OrdersCore
@testable import OrdersStorage
import OrdersTestSupport
import Testing

/// Conflicts per fact, not per version (issue 27): a change made on an earlier version goes ahead on the
/// latest when nothing it depends on changed since (a shipment after someone's tag, a flag after someone's
/// note), and is refused, naming what changed, when something did (two operators sending the last units,
/// two setting the assignee). Every store, the same answers.
@Suite("Store contract: conflicts per fact")
struct StoreConflictPerFactTests {
    /// The outcome of one change as a line: the version stored, or the fields a conflict named.
    static func attempt(_ store: any OrderStore, _ id: OrderID, at version: Int, _ mutations: [OrderMutation],
                        by actor: String) async throws -> String {
        do {
            let stored = try await store.update(id, expectedVersion: version, mutations: mutations, actor: actor)
            return "stored v\(stored.version)"
        } catch OrderStoreError.conflict(let current, _, let fields) {
            return "conflict at v\(current.version): \(fields.joined(separator: ", "))"
        }
    }

    static let lastThree: [OrderMutation] = [.fulfilLines(Shipment(lines: [ShipmentLine(line: 0, quantity: 3)]))]

    @Test(arguments: StoreKind.allCases)
    func aShipmentOnAnEarlierVersionGoesAheadAfterATagAndIsRefusedAfterAShipment(_ kind: StoreKind) async throws {
        let fixture = try StoreFixture(kind)
        let pens = OrderFixtures.sevenOfTenSent()
        try await fixture.store.insert([pens])

        // ana tags it; mia, who saw version 1, sends the last three pens: the tag changed nothing she relied on.
        #expect(try await Self.attempt(fixture.store, pens.id, at: 1, [.addTag("vip")], by: "ana") == "stored v2")
        #expect(try await Self.attempt(fixture.store, pens.id, at: 1, Self.lastThree, by: "mia") == "stored v3")
        let sent = try #require(try await fixture.store.order(pens.id))
        #expect((sent.tags, sent.items[0].fulfilledQuantity, sent.fulfillment) == (["vip"], 10, .fulfilled))

        // lena, who also saw version 1, sends the same three: refused, naming what changed, nothing written.
        let lena = try await Self.attempt(fixture.store, pens.id, at: 1, Self.lastThree, by: "lena")
        #expect(lena == "conflict at v3: tags, fulfilled_lines, fulfillment")
        #expect(try await fixture.store.order(pens.id) == sent)
        #expect(try await fixture.secondHandle().order(pens.id) == sent)
    }

    @Test(arguments: StoreKind.allCases)
    func aBookkeepingChangeGoesAheadUnlessItsOwnFieldChanged(_ kind: StoreKind) async throws {
        let fixture = try StoreFixture(kind)
        let pens = OrderFixtures.sevenOfTenSent()
        try await fixture.store.insert([pens])
        #expect(try await Self.attempt(fixture.store, pens.id, at: 1, [.setAssignee("ana")], by: "ana") == "stored v2")
        // mia saw it unassigned: her assignment would overwrite ana's without her knowing, so it is refused;
        // her flag, on the same view, touches nothing that changed.
        #expect(try await Self.attempt(fixture.store, pens.id, at: 1, [.setAssignee("mia")], by: "mia") == "conflict at v2: assignee")
        #expect(try await Self.attempt(fixture.store, pens.id, at: 1, [.setFlagged(true)], by: "mia") == "stored v3")
        // A refund made on version 1 reads the payment and the lines, which nothing since changed.
        let refund = Refund(id: "R1", createdAt: OrderFixtures.now, amount: 16, lines: [RefundLine(line: 0, quantity: 1)])
        #expect(try await Self.attempt(fixture.store, pens.id, at: 1, [.refund(refund)], by: "lena") == "stored v4")
        // A second refund on version 1 comes after a refund: refused, so the last money is never given back twice.
        let again = Refund(id: "R2", createdAt: OrderFixtures.now, amount: 16, lines: [RefundLine(line: 0, quantity: 1)])
        let second = try await Self.attempt(fixture.store, pens.id, at: 1, [.refund(again)], by: "ana")
        #expect(second == "conflict at v4: assignee, flagged, refunds, payment")
        // A status move on a version older than a workflow change is refused as before.
        #expect(try await Self.attempt(fixture.store, pens.id, at: 3, [.setStatus(.cancelled)], by: "mia").hasPrefix("conflict at v4"))
        let stored = try #require(try await fixture.store.order(pens.id))
        #expect((stored.assignee, stored.flagged, stored.refunds.map(\.id), stored.version) == ("ana", true, ["R1"], 4))
    }
}
