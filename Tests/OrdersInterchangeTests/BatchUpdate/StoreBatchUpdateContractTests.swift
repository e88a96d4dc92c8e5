import Foundation
@testable import OrdersCore
@testable import OrdersStorage
import OrdersTestSupport
import Testing

/// Many orders' updates in one call (`OrderStore.update(_:actor:)`, issue 27: bulk actions over
/// thousands of marked orders), on every store: each order's outcome is exactly what the single
/// update gives it (its version check, appends on the latest version, its refusals, not found), a
/// refused order changes nothing while the others are written, with the same history, and a second
/// handle reads the same.
@Suite("Store contract: a batch of updates keeps every order's promises")
struct StoreBatchUpdateContractTests {
    static let created = Date(timeIntervalSince1970: 1_790_000_000 - 86_400)

    @Test(arguments: StoreKind.allCases)
    func eachOrderOfABatchGetsWhatTheSingleUpdateWouldGiveIt(_ kind: StoreKind) async throws {
        let clock = TestClock()
        let fixture = try StoreFixture(kind, clock: clock)
        let store = fixture.store
        let originals = [1, 2, 3, 4, 6].map(OrderFixtures.threeMugs)
        try await store.insert(originals)
        // ana changed 2 and 3 since mia saw them at version 1.
        let flaggedTwo = try await store.update(OrderID(2), expectedVersion: 1, mutations: [.setFlagged(true)], actor: "ana")
        let flaggedThree = try await store.update(OrderID(3), expectedVersion: 1, mutations: [.setFlagged(true)], actor: "ana")
        clock.advance(by: 60)

        let five = Shipment(lines: [ShipmentLine(line: 0, quantity: 5)])
        let two = Shipment(lines: [ShipmentLine(line: 0, quantity: 2)])
        let outcomes = await store.update([
            OrderUpdate(id: OrderID(1), expectedVersion: 1, mutations: [.addTag("bulk")]),
            // An unflag made on version 1 would take back ana's flag unseen: refused (conflicts per fact).
            OrderUpdate(id: OrderID(2), expectedVersion: 1, mutations: [.setFlagged(false)]),
            OrderUpdate(id: OrderID(3), expectedVersion: 1, mutations: [.addTag("bulk")]),
            OrderUpdate(id: OrderID(4), expectedVersion: 1, mutations: [.fulfilLines(five)]),
            OrderUpdate(id: OrderID(99), expectedVersion: 1, mutations: [.addTag("bulk")]),
            OrderUpdate(id: OrderID(6), expectedVersion: 1, mutations: [.fulfilLines(two)]),
        ], actor: "mia")

        var tagged = originals[0]
        tagged.tags = ["bulk"]
        tagged.version = 2
        tagged.updatedAt = clock.now
        var appended = flaggedThree
        appended.tags = ["bulk"]
        appended.version = 3
        appended.updatedAt = clock.now
        var sent = originals[4]
        sent.items[0].fulfilledQuantity = 2
        sent.fulfillment = .partiallyFulfilled
        sent.version = 2
        sent.updatedAt = clock.now
        #expect(outcomes.count == 6)
        #expect(try outcomes[0].get() == tagged)
        #expect(throws: OrderStoreError.conflict(current: flaggedTwo, expectedVersion: 1, changedFields: ["flagged"])) {
            try outcomes[1].get()
        }
        #expect(try outcomes[2].get() == appended, "an append lands on the latest version")
        #expect(throws: FulfilmentError(number: "#1004", reason: "5 × MUG-1 cannot be sent: 3 bought, 0 already sent, so at most 3")) {
            try outcomes[3].get()
        }
        #expect(throws: OrderStoreError.notFound(OrderID(99))) { try outcomes[4].get() }
        #expect(try outcomes[5].get() == sent, "written after refused orders in the same batch")

        // What is stored, as this handle and a second one (another process) read it.
        let expected = [tagged, flaggedTwo, appended, originals[3], sent]
        for handle in [store, try fixture.secondHandle()] {
            for order in expected {
                #expect(try await handle.order(order.id) == order)
            }
            #expect(try await handle.order(OrderID(99)) == nil)
            #expect(HistoryText.linesWithActors(try await handle.history(of: OrderID(1))) == ["v2 mia tags: - → bulk"])
            #expect(HistoryText.linesWithActors(try await handle.history(of: OrderID(2))) == ["v2 ana flagged: false → true"])
            #expect(HistoryText.linesWithActors(try await handle.history(of: OrderID(3))) == [
                "v2 ana flagged: false → true",
                "v3 mia tags: - → bulk",
            ])
            #expect(try await handle.history(of: OrderID(4)) == [])
            #expect(HistoryText.linesWithActors(try await handle.history(of: OrderID(6))) == [
                "v2 mia fulfilled_lines: - → 2 × MUG-1",
                "v2 mia fulfillment: unfulfilled → partially_fulfilled",
            ])
        }
    }

    @Test(arguments: StoreKind.allCases)
    func aBatchOfManyIsCutIntoTransactionsAndAnOrderTwiceIsWrittenTwice(_ kind: StoreKind) async throws {
        let clock = TestClock()
        let fixture = try StoreFixture(kind, clock: clock)
        let count = OrderUpdateChunks.size * 2 + 1
        try await fixture.store.insert((1...count).map(OrderFixtures.threeMugs))
        // The last order twice (in what would be one transaction): its second update is checked
        // against what the first stored (version 2).
        let changes = (1...count).map { OrderUpdate(id: OrderID($0), expectedVersion: 1, mutations: [.setFlagged(true)]) }
            + [OrderUpdate(id: OrderID(count), expectedVersion: 2, mutations: [.setAssignee("mia")]),
               OrderUpdate(id: OrderID(8), expectedVersion: 1, mutations: [.setFlagged(false)])]
        let outcomes = await fixture.store.update(changes, actor: "mia")
        #expect(outcomes.count == count + 2)
        #expect(outcomes.prefix(count).map(HistoryText.text) == Array(repeating: "stored v2", count: count))
        #expect(HistoryText.text(outcomes[count]) == "stored v3")
        #expect(HistoryText.text(outcomes[count + 1]).hasPrefix("refused: Order #1008 was changed by someone else (version 1 → 2: flagged)"))
        let second = try fixture.secondHandle()
        for id in [1, 8, OrderUpdateChunks.size, OrderUpdateChunks.size + 1, count - 1] {
            #expect(HistoryText.linesWithActors(try await second.history(of: OrderID(id))) == ["v2 mia flagged: false → true"])
        }
        #expect(HistoryText.linesWithActors(try await second.history(of: OrderID(count))) == [
            "v2 mia flagged: false → true",
            "v3 mia assignee: - → mia",
        ])
        #expect(try await second.order(OrderID(8))?.flagged == true)
    }

    /// The databases' own batch (one transaction, which the stores' chunks never give an order
    /// twice): an order's second update is worked out from what its first wrote.
    @Test(arguments: [StoreKind.sqlite, .postgres])
    func anOrderTwiceInOneTransactionIsWrittenTwice(_ kind: StoreKind) async throws {
        let clock = TestClock()
        let fixture = try StoreFixture(kind, clock: clock)
        try await fixture.store.insert([1, 2, 3].map(OrderFixtures.threeMugs))
        let changes = [
            OrderUpdate(id: OrderID(1), expectedVersion: 1, mutations: [.setFlagged(true)]),
            OrderUpdate(id: OrderID(2), expectedVersion: 1, mutations: [.setFlagged(true)]),
            OrderUpdate(id: OrderID(1), expectedVersion: 2, mutations: [.setAssignee("mia")]),
            OrderUpdate(id: OrderID(3), expectedVersion: 1, mutations: [.setFlagged(true)]),
            OrderUpdate(id: OrderID(2), expectedVersion: 1, mutations: [.setFlagged(false)]),
        ]
        let outcomes: [OrderUpdateOutcome]
        let change: OrderStoreChange?
        if kind == .sqlite {
            (outcomes, change) = try await #require(fixture.store as? SQLiteOrderStore).database.update(changes, actor: "mia", at: clock.now)
        } else {
            (outcomes, change) = try await #require(fixture.store as? PostgresOrderStore).database.update(changes, actor: "mia", at: clock.now)
        }
        #expect(outcomes.map(HistoryText.text) == [
            "stored v2", "stored v2", "stored v3", "stored v2",
            "refused: Order #1002 was changed by someone else (version 1 → 2: flagged); nothing was overwritten.",
        ])
        #expect(change == .updated([OrderID(1), OrderID(2), OrderID(3)]))
        let second = try fixture.secondHandle()
        #expect(HistoryText.linesWithActors(try await second.history(of: OrderID(1))) == [
            "v2 mia flagged: false → true",
            "v3 mia assignee: - → mia",
        ])
        #expect(HistoryText.linesWithActors(try await second.history(of: OrderID(2))) == ["v2 mia flagged: false → true"])
        #expect(HistoryText.linesWithActors(try await second.history(of: OrderID(3))) == ["v2 mia flagged: false → true"])
    }

    /// The rules' reply to each order of a batch is the one it would get alone, after the orders
    /// before it: the round-robin goes on from one order to the next, and the turns are stored.
    @Test(arguments: [StoreKind.sqlite, .postgres])
    func theRulesReplyToEachOrderOfABatchInTurn(_ kind: StoreKind) async throws {
        let clock = TestClock()
        let fixture = try StoreFixture(kind, clock: clock)
        let store = try StoreFixture.rules(fixture.store)
        try await fixture.store.insert([1, 2, 3].map(OrderFixtures.threeMugs))
        try await store.addRule(RulesOnEveryArrivalAndChangeTests.priority)
        let outcomes = await fixture.store.update([1, 2, 3].map {
            OrderUpdate(id: OrderID($0), expectedVersion: 1, mutations: [.addTag("priority")])
        }, actor: "mia")
        #expect(try outcomes.map { try $0.get().assignee } == ["ana", "lena", "ana"])
        let second = try fixture.secondHandle()
        for (id, person) in [(1, "ana"), (2, "lena"), (3, "ana")] {
            #expect(HistoryText.linesWithActors(try await second.history(of: OrderID(id))) == [
                "v2 mia tags: - → priority",
                "v2 rule:10-priority assignee: - → \(person)",
                "v2 rule:10-priority notes: - → Priority: answer today",
            ])
        }
        #expect(try await StoreFixture.rules(second).rule(named: "10-priority").roundRobinTurn == 3)
    }
}
