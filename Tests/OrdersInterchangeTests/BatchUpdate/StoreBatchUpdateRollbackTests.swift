import Foundation
@testable import OrdersCore
@testable import OrdersStorage
import OrdersTestSupport
import Testing

/// A database error in the middle of a batch's transaction (not an order's own refusal) rolls the
/// whole transaction back: nothing of it is stored, and every order of it is told the error. The
/// error is provoked with a trigger that refuses to update order 3, put in by a second connection.
@Suite("Store: a database error rolls back a batch's whole transaction")
struct StoreBatchUpdateRollbackTests {
    static let refusal = "order 3 is refused by the test"

    static func refuseOrderThree(in fixture: StoreFixture) throws {
        switch fixture.kind {
        case .memory:
            return
        case .sqlite:
            let path = try #require(fixture.directory).appendingPathComponent("orders.db").path
            let connection = try SQLiteConnection(path: path, create: false)
            defer { connection.close() }
            try connection.execute("""
                CREATE TRIGGER refuse_three BEFORE UPDATE ON orders WHEN NEW.id = 3
                BEGIN SELECT RAISE(ABORT, '\(refusal)'); END
                """)
        case .postgres:
            let connection = try PostgresConnection(connectionString: try #require(fixture.connectionString))
            defer { connection.close() }
            try connection.executeScript("""
                CREATE FUNCTION refuse_three() RETURNS trigger LANGUAGE plpgsql AS $$
                BEGIN
                    IF NEW.id = 3 THEN RAISE EXCEPTION '\(refusal)'; END IF;
                    RETURN NEW;
                END
                $$;
                CREATE TRIGGER refuse_three BEFORE UPDATE ON orders FOR EACH ROW EXECUTE FUNCTION refuse_three();
                """)
        }
    }

    @Test(arguments: [StoreKind.sqlite, .postgres])
    func aDatabaseErrorRollsBackEveryOrderOfTheTransactionAndIsEachOnesOutcome(_ kind: StoreKind) async throws {
        let clock = TestClock()
        let fixture = try StoreFixture(kind, clock: clock)
        let originals = [1, 2, 3, 4].map(OrderFixtures.threeMugs)
        try await fixture.store.insert(originals)
        try Self.refuseOrderThree(in: fixture)

        let outcomes = await fixture.store.update([
            OrderUpdate(id: OrderID(1), expectedVersion: 1, mutations: [.addTag("bulk")]),
            OrderUpdate(id: OrderID(2), expectedVersion: 5, mutations: [.setAssignee("mia")]),
            OrderUpdate(id: OrderID(3), expectedVersion: 1, mutations: [.addTag("bulk")]),
            OrderUpdate(id: OrderID(4), expectedVersion: 1, mutations: [.addTag("bulk")]),
        ], actor: "mia")
        #expect(outcomes.count == 4)
        for outcome in outcomes {
            #expect(throws: OrderStoreError.self) { try outcome.get() }
            guard case .failure(let error) = outcome, case .unusable(let reason) = error as? OrderStoreError else {
                Issue.record("not the database's error: \(outcome)")
                continue
            }
            #expect(reason.contains(Self.refusal), "\(reason)")
        }
        let second = try fixture.secondHandle()
        for order in originals {
            #expect(try await second.order(order.id) == order, "nothing of the transaction is stored")
            #expect(try await second.history(of: order.id) == [])
        }

        // The store goes on: the same batch without order 3 is written.
        let again = await fixture.store.update([1, 4].map {
            OrderUpdate(id: OrderID($0), expectedVersion: 1, mutations: [.addTag("bulk")])
        }, actor: "mia")
        #expect(again.map(HistoryText.text) == ["stored v2", "stored v2"])
        #expect(HistoryText.linesWithActors(try await second.history(of: OrderID(4))) == ["v2 mia tags: - → bulk"])
    }
}

@Suite("OrderUpdateChunks: transactions of at most a size, an order once in each")
struct OrderUpdateChunksTests {
    @Test func aChunkEndsAtTheSizeOrWhereAnOrderComesAgain() {
        let split = { (ids: [Int], size: Int) in
            OrderUpdateChunks.split(ids, size: size, id: { OrderID($0) }).map(Array.init)
        }
        #expect(split([], 500) == [])
        #expect(split([1, 2, 3], 500) == [[1, 2, 3]])
        #expect(split([1, 2, 3, 4, 5], 2) == [[1, 2], [3, 4], [5]])
        #expect(split([1, 2, 3, 2, 4, 1], 500) == [[1, 2, 3], [2, 4, 1]])
        #expect(split([7, 7, 7], 500) == [[7], [7], [7]])
    }
}
