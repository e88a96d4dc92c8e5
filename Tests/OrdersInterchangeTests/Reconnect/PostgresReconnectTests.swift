import Foundation
@testable import OrdersCore
@testable import OrdersInterchange
@testable import OrdersStorage
import OrdersTestSupport
import TerminalTestSupport
import Testing

/// A team's PostgreSQL connection that drops comes back: the server restarted (`pg_ctl stop
/// -m fast` then start, on the same data and socket) or the app's sessions cut without a
/// restart (`pg_terminate_backend`). On a server of the suite's own, one test at a time.
@Suite("PostgreSQL store: reconnecting after a drop (real server)", .serialized)
struct PostgresReconnectTests {
    static let orders = DemoDataGenerator(seed: 14, now: Date(millisecondsSince1970: 1_790_000_000_000)).orders(count: 12)
    let server: PostgresTestServer
    let connectionString: String

    init() throws {
        server = try RestartableServer.forStoreTests.get()
        connectionString = try server.makeDatabase()
    }

    private func openStore() throws -> PostgresOrderStore {
        try PostgresOrderStore(connectionString: connectionString)
    }

    private func page(of store: some OrderStore) async throws -> OrderPage {
        try await store.orders(matching: OrderQuery(sort: OrderSort(.id, ascending: true)),
                               page: PageRequest(offset: 0, limit: 100))
    }

    @Test func aReadAfterTheServerRestartedSucceeds() async throws {
        let store = try openStore()
        try await store.insert(Self.orders)
        let before = try await page(of: store)
        #expect(before.orders == Self.orders.sorted { $0.id.number < $1.id.number })

        try server.stop()
        try server.start()

        let after = try await page(of: store)
        #expect(after.totalCount == 12)
        #expect(after.orders == before.orders)
        #expect(try await store.order(Self.orders[5].id) == Self.orders[5])
    }

    @Test func aWriteWhileTheServerIsDownFailsWithTheMessageAndLeavesNothing() async throws {
        let store = try openStore()
        try await store.insert(Self.orders)
        let target = Self.orders[2]
        let health = store.connectionHealth()
        try server.stop()
        defer { try? server.start() }

        var refusal: OrderStoreError?
        do {
            try await store.update(target.id, expectedVersion: target.version, mutations: [.addNote("lost?")], actor: "ines")
        } catch let error as OrderStoreError {
            refusal = error
        }
        #expect(refusal == .unreachable(
            "The database cannot be reached, so nothing was saved (\(RestartableServer.noServerReason(server)))."))
        let outage = await health.reports { $0 != .connected }
        #expect(outage?.count == 2 && outage?.first == .connected && outage?.last?.isUnreachable == true, "\(String(describing: outage))")

        try server.start()
        // Read back on a connection of its own: the order as it was, no note, no history entry.
        let other = try openStore()
        #expect(try await other.order(target.id) == target)
        #expect(try await other.history(of: target.id) == [])
        // And the first store reads again, and says so.
        #expect(try await store.order(target.id) == target)
        // Until then perhaps another reason: the one of the connection that noticed second, when it outranks it.
        let back = await health.reports { $0 == .connected }
        #expect(back?.last == .connected && back?.dropLast().allSatisfy(\.isUnreachable) == true, "\(String(describing: back))")
    }

    /// A search's counts run on the store's connection for counts (`PostgresCountsConnection`),
    /// which drops and comes back by the same rules as the main one and tells the same health.
    @Test func aSearchCountWhileTheServerIsDownSaysSoAndCountsAgainOnANewSession() async throws {
        let store = try openStore()
        try await store.insert(Self.orders)
        let searched = OrderQuery(filters: [OrderFilter(.text(""))])
        let tally = try await store.listTally(matching: searched)
        #expect(tally.count(of: nil) == 12)
        let counts = try #require(await store.counts.database())
        let session = counts.backendProcess.id
        #expect(session != 0 && session != store.database.backendProcess.id)
        let health = store.connectionHealth()
        try server.stop()
        defer { try? server.start() }

        var refusal: OrderStoreError?
        do {
            _ = try await store.listTally(matching: searched)
        } catch let error as OrderStoreError {
            refusal = error
        }
        #expect(refusal == .unreachable("The database cannot be reached (\(RestartableServer.noServerReason(server)))."))
        #expect(await health.reports { $0 != .connected }?.last?.isUnreachable == true)

        try server.start()
        #expect(try await store.listTally(matching: searched) == tally)
        #expect(counts.backendProcess.id != session && counts.backendProcess.id != 0)
        let back = await health.reports { $0 == .connected }
        #expect(back?.last == .connected, "\(String(describing: back))")
    }

    @Test func theListenerReconnectsAndHearsChangesMadeDuringAndAfterTheOutage() async throws {
        let store = try openStore()
        try await store.insert(Self.orders)
        let changes = store.changes()
        let health = store.connectionHealth()
        try server.stop()
        #expect(await health.reports { $0 != .connected }?.last?.isUnreachable == true)
        try server.start()

        // Written as soon as the server is back, while the first store's listener may still be
        // waiting out its backoff: the catch-up after it listens again covers it either way.
        let other = try openStore()
        let during = Self.orders[4]
        try await other.update(during.id, expectedVersion: during.version, mutations: [.setFlagged(!during.flagged)], actor: "ana")
        let back = await health.reports { $0 == .connected }
        #expect(back?.last == .connected && back?.dropLast().allSatisfy(\.isUnreachable) == true, "\(String(describing: back))")
        #expect(try #require(await changes.nextChange()) == .reloadAll)
        #expect(try await store.order(during.id)?.flagged == !during.flagged)

        let after = Self.orders[7]
        try await other.update(after.id, expectedVersion: after.version, mutations: [.addNote("after")], actor: "ana")
        var heard: [OrderStoreChange] = []
        while heard.last != .updated([after.id]) {
            heard.append(try #require(await changes.nextChange()))
        }
        // The change during the outage is heard live too only if it came after the listener was back.
        #expect(heard == [.updated([after.id])] || heard == [.updated([during.id]), .updated([after.id])])
    }

    @Test func sessionsCutWithoutARestartComeBack() async throws {
        let store = try openStore()
        try await store.insert(Self.orders)
        let before = try await page(of: store)
        let changes = store.changes()
        let database = try #require(PostgresTestServer.databaseName(of: connectionString))

        // The store's two sessions: its queries' and its listener's.
        #expect(try server.terminateSessions(database: database) == 2)

        #expect(try await page(of: store).orders == before.orders)
        #expect(try #require(await changes.nextChange()) == .reloadAll)
        let other = try openStore()
        let target = Self.orders[1]
        try await other.update(target.id, expectedVersion: target.version, mutations: [.addNote("cut")], actor: "ana")
        #expect(try #require(await changes.nextChange()) == .updated([target.id]))

        // A write right after a cut is made on a new session: it was never sent on the old one.
        // Four now: this store's two and the other store's two.
        #expect(try server.terminateSessions(database: database) == 4)
        let written = try await store.update(Self.orders[3].id, expectedVersion: Self.orders[3].version,
                                             mutations: [.setFlagged(!Self.orders[3].flagged)], actor: "ines")
        #expect(written.version == Self.orders[3].version + 1)
        #expect(try await other.order(Self.orders[3].id) == written)
    }
}
