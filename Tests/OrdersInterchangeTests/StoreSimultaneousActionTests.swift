import Foundation
@testable import OrdersCore
@testable import OrdersStorage
import OrdersTestSupport
import Testing

/// Issue 33, item 2 at the store: two operators' processes (two connections) act on one order at
/// the same moment, both from the version they saw. Exactly one action is applied; the other is
/// refused as a conflict naming what changed, and nothing of it is written.
@Suite("Simultaneous actions at one version: exactly one wins")
struct StoreSimultaneousActionTests {
    static let rounds = 25

    @Test(arguments: [StoreKind.sqlite, .postgres])
    func twoConnectionsAdvancingTheSameVersionApplyOneAndRefuseTheOther(_ kind: StoreKind) async throws {
        let fixture = try StoreFixture(kind)
        var order = try #require(DemoFixtures.storeSample.first { $0.status == .pending })
        try await fixture.store.insert([order])
        let first = try fixture.secondHandle()
        let second = try fixture.secondHandle()
        for round in 0..<Self.rounds {
            // Back to pending between rounds, each round from the version both sides read.
            order = try #require(try await fixture.store.order(order.id))
            if order.status != .pending {
                order = try await fixture.store.update(order.id, expectedVersion: order.version,
                                                       mutations: [.restoreStatus(.pending)], actor: "reset")
            }
            let seen = order.version
            let id = order.id
            // Sent at once, each on its own connection; whichever the server takes first wins.
            async let a = Self.advance(id, at: seen, through: first, actor: "ana")
            async let b = Self.advance(id, at: seen, through: second, actor: "bo")
            let outcomes = try await [a, b]
            let won = outcomes.compactMap { if case .applied(let order) = $0 { order } else { nil } }
            let refused = outcomes.compactMap { if case .refused(let message) = $0 { message } else { nil } }
            #expect(won.count == 1, "round \(round): \(outcomes)")
            #expect(refused == ["Order \(order.number) was changed by someone else (version \(seen) → \(seen + 1): status); "
                                + "nothing was overwritten."], "round \(round)")
            let stored = try #require(try await fixture.store.order(id))
            #expect((stored.status, stored.version) == (.processing, seen + 1), "round \(round)")
        }
    }

    enum Outcome: Sendable { case applied(Order), refused(String) }

    static func advance(_ id: OrderID, at version: Int, through store: any OrderStore, actor: String) async throws -> Outcome {
        do {
            return .applied(try await store.update(id, expectedVersion: version, mutations: [.setStatus(.processing)], actor: actor))
        } catch let error as OrderStoreError {
            guard case .conflict = error else { throw error }
            return .refused(error.description)
        }
    }
}
