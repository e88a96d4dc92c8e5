import Foundation
@testable import OrdersCore
@testable import OrdersInterchange
@testable import OrdersStorage
import OrdersTestSupport
import Testing

/// The behaviour every `OrderStore` must share, run against each implementation
/// and checked against the reference evaluation in `OrderQuery+Evaluation.swift`.
@Suite("Store contract")
struct StoreContractTests {

    /// An order whose shop reports in US dollars: sorting and `total>` compare `usd`.
    static func filled(_ kind: StoreKind) async throws -> StoreFixture {
        let fixture = try StoreFixture(kind)
        try await fixture.store.insert(DemoFixtures.storeSample)
        return fixture
    }

    @Test(arguments: StoreKind.allCases)
    func roundTripsEveryOrderExactly(_ kind: StoreKind) async throws {
        let fixture = try await Self.filled(kind)
        for expected in DemoFixtures.storeSample {
            let stored = try await fixture.store.order(expected.id)
            #expect(stored == expected)
        }
        #expect(try await fixture.store.order(OrderID(123_456)) == nil)
        var scanned: [Order] = []
        for try await batch in fixture.store.scanAll(batchSize: 64) {
            #expect(batch.count <= 64)
            scanned += batch
        }
        #expect(scanned == DemoFixtures.storeSample.sorted { $0.id < $1.id })
    }

    /// A list merging a bulk action's changes reads its orders many at a time: each exactly as stored,
    /// every child row with it, a key no order has left out.
    @Test(arguments: StoreKind.allCases)
    func readsManyOrdersByKeyAtOnce(_ kind: StoreKind) async throws {
        let fixture = try await Self.filled(kind)
        let sample = DemoFixtures.storeSample
        let wanted = stride(from: 0, to: sample.count, by: 3).map { sample[$0].id }
        let read = try await fixture.store.orders(withIDs: wanted + [OrderID(123_456)])
        let expected = sample.filter { wanted.contains($0.id) }.sorted { $0.id < $1.id }
        #expect(read.sorted { $0.id < $1.id } == expected)
        #expect(expected.count == wanted.count)
        #expect(expected.contains { !$0.refunds.isEmpty } && expected.contains { $0.shippingAddress != nil }
                    && expected.contains { !$0.notes.isEmpty || !$0.tags.isEmpty }, "the orders read have child rows to read")
        #expect(try await fixture.store.orders(withIDs: []).isEmpty)
    }

    static let filterCases: [[OrderFilter]] = [
        [],
        [OrderFilter(.text("jose"))],
        [OrderFilter(.text("MÜLLER"))],
        [OrderFilter(.text("秀英"))],
        [OrderFilter(.text("ord-00001"))],
        [OrderFilter(.text("kb-mx"))],
        [OrderFilter(.text("espresso"))],
        [OrderFilter(.text("gmail.com")), OrderFilter(.text("smith"))],
        [OrderFilter(.text(""))],
        [OrderFilter(.status([.pending]))],
        [OrderFilter(.status([.pending, .processing]))],
        [OrderFilter(.status([.cancelled]), negated: true)],
        [OrderFilter(.status([]))],
        [OrderFilter(.totalAbove(1000))],
        [OrderFilter(.totalBelow(Decimal(string: "100.50")!))],
        [OrderFilter(.highValue(threshold: Order.defaultHighValueThreshold))],
        [OrderFilter(.highValue(threshold: 1000)), OrderFilter(.flagged, negated: true)],
        [OrderFilter(.flagged)],
        [OrderFilter(.tag("vip"))],
        [OrderFilter(.tag("fragile"))],
        [OrderFilter(.tag("gift"), negated: true)],
        [OrderFilter(.customer("josé"))],
        [OrderFilter(.customer("ngoc"))],
        [OrderFilter(.country("de"))],
        [OrderFilter(.country("JP")), OrderFilter(.status([.completed]))],
        [OrderFilter(.assignee("alice"))],
        [OrderFilter(.assignee(""))],
        [OrderFilter(.assignee(""), negated: true)],
        [OrderFilter(.createdSince(OrderFixtures.now.addingTimeInterval(-30 * 86_400)))],
        [OrderFilter(.createdBefore(OrderFixtures.now.addingTimeInterval(-365 * 86_400)))],
        [OrderFilter(.createdSince(OrderFixtures.now.addingTimeInterval(-200 * 86_400))),
         OrderFilter(.createdBefore(OrderFixtures.now.addingTimeInterval(-100 * 86_400))),
         OrderFilter(.text("a")), OrderFilter(.status([.completed, .refunded]))],
    ]

    static let sorts: [OrderSort] = OrderSortKey.allCases.flatMap { [OrderSort($0, ascending: true), OrderSort($0, ascending: false)] }

    @Test(arguments: StoreKind.allCases)
    func everyFilterAndSortAgreesWithTheReference(_ kind: StoreKind) async throws {
        let fixture = try await Self.filled(kind)
        for filters in Self.filterCases {
            for sort in Self.sorts {
                let query = OrderQuery(filters: filters, sort: sort)
                let expected = query.filter(DemoFixtures.storeSample).sorted(by: sort.areInIncreasingOrder).map(\.id)
                let page = try await fixture.store.orders(matching: query, page: PageRequest(limit: 10_000))
                #expect(page.orders.map(\.id) == expected, "\(filters) \(sort)")
                #expect(page.totalCount == expected.count)
            }
        }
    }

    @Test(arguments: StoreKind.allCases)
    func countsByStatusAgreeWithTheReference(_ kind: StoreKind) async throws {
        let fixture = try await Self.filled(kind)
        for filters in Self.filterCases {
            let query = OrderQuery(filters: filters)
            var expected: [OrderStatus: Int] = [:]
            for order in query.filter(DemoFixtures.storeSample) { expected[order.status, default: 0] += 1 }
            let counts = try await fixture.store.countsByStatus(matching: query).filter { $0.value > 0 }
            #expect(counts == expected, "\(filters)")
        }
    }

    @Test(arguments: StoreKind.allCases)
    func pagesTileTheResultWithoutGapsOrDuplicates(_ kind: StoreKind) async throws {
        let fixture = try await Self.filled(kind)
        let query = OrderQuery(filters: [OrderFilter(.status([.cancelled]), negated: true)], sort: OrderSort(.total, ascending: false))
        let expected = query.filter(DemoFixtures.storeSample).sorted(by: query.sort.areInIncreasingOrder).map(\.id)
        var collected: [OrderID] = []
        var offset = 0
        while true {
            let page = try await fixture.store.orders(matching: query, page: PageRequest(offset: offset, limit: 37))
            #expect(page.totalCount == expected.count)
            if page.orders.isEmpty { break }
            collected += page.orders.map(\.id)
            offset += page.orders.count
        }
        #expect(collected == expected)
        let beyond = try await fixture.store.orders(matching: query, page: PageRequest(offset: 100_000, limit: 10))
        #expect(beyond.orders.isEmpty)
    }

    @Test(arguments: StoreKind.allCases)
    func pagingWhileRowsChangeOutsideTheQueryStaysExact(_ kind: StoreKind) async throws {
        let fixture = try await Self.filled(kind)
        // Flagging orders changes rows, but not their membership or position in a by-id query.
        let query = OrderQuery(sort: OrderSort(.id, ascending: true))
        var collected: [OrderID] = []
        var offset = 0
        while true {
            let page = try await fixture.store.orders(matching: query, page: PageRequest(offset: offset, limit: 50))
            if page.orders.isEmpty { break }
            collected += page.orders.map(\.id)
            offset += page.orders.count
            if let last = page.orders.last, !last.flagged {
                try await fixture.store.update(last.id, expectedVersion: last.version, mutations: [.setFlagged(true)], actor: "t")
            }
        }
        #expect(collected == DemoFixtures.storeSample.map(\.id).sorted())
    }

    @Test(arguments: StoreKind.allCases)
    func keysetPagesFollowEverySortOrder(_ kind: StoreKind) async throws {
        let fixture = try await Self.filled(kind)
        let filters = [OrderFilter(.status([.cancelled]), negated: true)]
        for sort in Self.sorts {
            let query = OrderQuery(filters: filters, sort: sort)
            let expected = query.filter(DemoFixtures.storeSample).sorted(by: sort.areInIncreasingOrder).map(\.id)
            var collected: [OrderID] = []
            var cursor: PageCursor?
            while true {
                let page = try await fixture.store.orders(matching: query, page: PageRequest(after: cursor, limit: 37))
                #expect(page.totalCount == expected.count)
                guard let last = page.orders.last else { break }
                collected += page.orders.map(\.id)
                cursor = PageCursor(last)
            }
            #expect(collected == expected, "\(sort)")
        }
    }

    @Test(arguments: StoreKind.allCases)
    func keysetPagingHasNoGapsOrDuplicatesWhileOrdersArriveAndChange(_ kind: StoreKind) async throws {
        let fixture = try await Self.filled(kind)
        let query = OrderQuery() // newest first: new orders land at the top, ahead of the reader
        let expected = DemoFixtures.storeSample.sorted(by: query.sort.areInIncreasingOrder).map(\.id)
        var collected: [OrderID] = []
        var cursor: PageCursor?
        var nextNumber = 50_000
        var random = SplitMix64(seed: 3)
        while true {
            let page = try await fixture.store.orders(matching: query, page: PageRequest(after: cursor, limit: 25))
            guard let last = page.orders.last else { break }
            collected += page.orders.map(\.id)
            cursor = PageCursor(last)
            // Meanwhile: two new orders arrive and someone edits an order somewhere in the list.
            var fresh = DemoFixtures.storeSample[random.below(DemoFixtures.storeSample.count)]
            for _ in 0..<2 {
                fresh.id = OrderID(nextNumber)
                fresh.createdAt = OrderFixtures.now.addingTimeInterval(Double(nextNumber))
                fresh.updatedAt = fresh.createdAt
                nextNumber += 1
                try await fixture.store.insert([fresh])
            }
            let edited = DemoFixtures.storeSample[random.below(DemoFixtures.storeSample.count)].id
            if let current = try await fixture.store.order(edited) {
                try await fixture.store.update(edited, expectedVersion: current.version, mutations: [.addNote("seen")], actor: "t")
            }
        }
        #expect(collected == expected)
    }

    @Test(arguments: StoreKind.allCases)
    func insertRefusesDuplicatesAndInvalidOrdersAtomically(_ kind: StoreKind) async throws {
        let fixture = try StoreFixture(kind)
        let orders = Array(DemoFixtures.storeSample.prefix(3))
        try await fixture.store.insert([orders[0]])
        await #expect(throws: OrderStoreError.duplicateID(orders[0].id)) {
            try await fixture.store.insert([orders[1], orders[0]])
        }
        #expect(try await fixture.store.order(orders[1].id) == nil)
        var invalid = orders[2]
        invalid.items[0].quantity = 0
        await #expect(throws: OrderStoreError.invalidOrder(invalid.id, invalid.validationIssues())) {
            try await fixture.store.insert([orders[1], invalid])
        }
        #expect(try await fixture.store.order(orders[1].id) == nil)
        #expect(try await fixture.store.countsByStatus(matching: .all).values.reduce(0, +) == 1)
    }

    @Test(arguments: StoreKind.allCases)
    func updateAppliesRulesBumpsVersionAndRecordsHistory(_ kind: StoreKind) async throws {
        let fixture = try StoreFixture(kind)
        let original = DemoFixtures.storeSample.first { $0.status == .pending }!
        try await fixture.store.insert([original])
        let updated = try await fixture.store.update(original.id, expectedVersion: 1,
                                                     mutations: [.setStatus(.processing), .addTag("vip"), .addNote("called")],
                                                     actor: "ines")
        #expect(updated.status == .processing)
        #expect(updated.version == 2)
        #expect(updated.updatedAt == OrderFixtures.now)
        #expect(try await fixture.store.order(original.id) == updated)
        let history = try await fixture.store.history(of: original.id)
        #expect(history.map(\.field) == ["status", "tags", "notes"])
        #expect(history[0] == AuditEntry(orderID: original.id, at: OrderFixtures.now, actor: "ines", field: "status",
                                         oldValue: "pending", newValue: "processing", version: 2, source: .operator, id: 1))
        #expect(history.map(\.id) == [1, 2, 3])

        await #expect(throws: OrderStoreError.invalidTransition(StatusTransitionError(orderID: original.id, from: .processing, to: .refunded))) {
            try await fixture.store.update(original.id, expectedVersion: 2, mutations: [.setStatus(.refunded)], actor: "ines")
        }
        // A change that changes nothing keeps the version and writes no history.
        let same = try await fixture.store.update(original.id, expectedVersion: 2, mutations: [.addTag("vip")], actor: "ines")
        #expect(same.version == 2)
        #expect(try await fixture.store.history(of: original.id).count == 3)
        await #expect(throws: OrderStoreError.notFound(OrderID(777_777))) {
            try await fixture.store.update(OrderID(777_777), expectedVersion: 1, mutations: [.setFlagged(true)], actor: "ines")
        }
    }

    @Test(arguments: StoreKind.allCases)
    func concurrentEditorsGetAConflictNotALostUpdate(_ kind: StoreKind) async throws {
        let fixture = try StoreFixture(kind)
        let original = DemoFixtures.storeSample.first { $0.status == .pending && !$0.flagged && $0.assignee == nil }!
        try await fixture.store.insert([original])
        let other = try fixture.secondHandle()
        // Both editors saw version 1 and set the same field: one wins, the other would overwrite it unseen.
        async let first = outcome { try await fixture.store.update(original.id, expectedVersion: 1, mutations: [.setAssignee("a")], actor: "a") }
        async let second = outcome { try await other.update(original.id, expectedVersion: 1, mutations: [.setAssignee("b")], actor: "b") }
        let results = await [first, second]
        let winners = results.compactMap { try? $0.get() }
        #expect(winners.count == 1)
        let failure = results.compactMap { result -> OrderStoreError? in
            if case .failure(let error) = result { return error as? OrderStoreError }
            return nil
        }
        #expect(failure.count == 1)
        guard case .conflict(let current, let expected, let fields)? = failure.first else {
            Issue.record("expected a conflict, got \(failure)")
            return
        }
        #expect(expected == 1)
        #expect(current == winners.first)
        #expect(fields == ["assignee"])
        #expect(try await fixture.store.history(of: original.id).count == 1)
        #expect(try await other.order(original.id)?.version == 2)

        // Changes of different facts made on one version both land, in either order (conflicts per fact):
        // a flag and a cancellation; neither overwrote what the other wrote.
        async let flag = outcome { try await fixture.store.update(original.id, expectedVersion: 2, mutations: [.setFlagged(true)], actor: "a") }
        async let cancel = outcome { try await other.update(original.id, expectedVersion: 2, mutations: [.setStatus(.cancelled)], actor: "b") }
        let both = await [flag, cancel]
        #expect(both.allSatisfy { (try? $0.get()) != nil })
        let stored = try #require(try await fixture.store.order(original.id))
        #expect((stored.flagged, stored.status, stored.version) == (true, .cancelled, 4))
    }

    @Test(arguments: StoreKind.allCases)
    func appendsApplyToTheLatestVersionAndReplacingWritesStillConflict(_ kind: StoreKind) async throws {
        let fixture = try StoreFixture(kind)
        let original = DemoFixtures.storeSample.first { $0.status == .pending && !$0.flagged && $0.notes.isEmpty && $0.tags.isEmpty }!
        try await fixture.store.insert([original])
        let other = try fixture.secondHandle()
        // Both operators saw version 1; one flags the order first.
        try await fixture.store.update(original.id, expectedVersion: 1, mutations: [.setFlagged(true)], actor: "a")
        // The other's note and tag are appends: they land on the latest version, the flag stays.
        let noted = try await other.update(original.id, expectedVersion: 1, mutations: [.addNote("called back")], actor: "b")
        let tagged = try await other.update(original.id, expectedVersion: 1, mutations: [.addTag("vip")], actor: "b")
        var expected = original
        expected.flagged = true
        expected.notes = [OrderNote(createdAt: OrderFixtures.now, author: "b", text: "called back")]
        expected.tags = ["vip"]
        expected.version = 4
        expected.updatedAt = OrderFixtures.now
        #expect(noted.version == 3)
        #expect(tagged == expected)
        #expect(try await fixture.store.order(original.id) == expected)
        #expect(try await fixture.store.history(of: original.id).map(\.field) == ["flagged", "notes", "tags"])
        // A write that replaces or removes what changed since is refused, even mixed with an append: a flag
        // over the other's flag, a tag removed when the tags changed.
        for mutations: [OrderMutation] in [[.setFlagged(false)], [.addNote("and"), .removeTag("vip")]] {
            await #expect(throws: OrderStoreError.conflict(current: expected, expectedVersion: 1, changedFields: ["flagged", "notes", "tags"])) {
                try await other.update(original.id, expectedVersion: 1, mutations: mutations, actor: "b")
            }
        }
        #expect(try await fixture.store.order(original.id) == expected)
        // A change of another fact goes ahead on the latest version (`StoreConflictPerFactTests`).
        let advanced = try await other.update(original.id, expectedVersion: 1, mutations: [.setStatus(.processing)], actor: "b")
        #expect((advanced.status, advanced.flagged, advanced.tags, advanced.version) == (.processing, true, ["vip"], 5))
    }

    @Test(arguments: StoreKind.allCases)
    func concurrentNotesFromTwoHandlesAreAllKept(_ kind: StoreKind) async throws {
        let fixture = try StoreFixture(kind)
        let original = DemoFixtures.storeSample.first { $0.notes.isEmpty }!
        try await fixture.store.insert([original])
        let other = try fixture.secondHandle()
        // Each writer always claims the version it first saw, as a stale screen would.
        async let first: Void = {
            for index in 0..<50 {
                try await fixture.store.update(original.id, expectedVersion: 1, mutations: [.addNote("a\(index)")], actor: "a")
            }
        }()
        async let second: Void = {
            for index in 0..<50 {
                try await other.update(original.id, expectedVersion: 1, mutations: [.addNote("b\(index)")], actor: "b")
            }
        }()
        _ = try await (first, second)
        let stored = try #require(try await fixture.store.order(original.id))
        #expect(stored.version == 101)
        #expect(stored.notes.filter { $0.author == "a" }.map(\.text) == (0..<50).map { "a\($0)" })
        #expect(stored.notes.filter { $0.author == "b" }.map(\.text) == (0..<50).map { "b\($0)" })
        #expect(try await fixture.store.history(of: original.id).count == 100)
    }

    @Test(arguments: StoreKind.allCases)
    func upsertReplacesExistingOrdersAndRaisesTheirVersion(_ kind: StoreKind) async throws {
        let fixture = try StoreFixture(kind)
        var order = DemoFixtures.storeSample[0]
        try await fixture.store.insert([order])
        try await fixture.store.update(order.id, expectedVersion: 1, mutations: [.setFlagged(!order.flagged)], actor: "a")
        order.customerName = "Renamed Ümlaut"
        let fresh = DemoFixtures.storeSample[1]
        try await fixture.store.upsert([order, fresh], actor: "importer")
        let stored = try #require(try await fixture.store.order(order.id))
        #expect(stored.customerName == "Renamed Ümlaut")
        #expect(stored.version == 3)
        #expect(try await fixture.store.order(fresh.id) == fresh)
        #expect(try await fixture.store.history(of: order.id).last?.actor == "importer")
        await #expect(throws: OrderStoreError.conflict(current: stored, expectedVersion: 2, changedFields: ["order"])) {
            try await fixture.store.update(order.id, expectedVersion: 2, mutations: [.setFlagged(true)], actor: "a")
        }
        // Importing the same data again changes nothing: no new version, no history.
        let historyBefore = try await fixture.store.history(of: order.id)
        try await fixture.store.upsert([stored, fresh], actor: "importer")
        #expect(try await fixture.store.order(order.id) == stored)
        #expect(try await fixture.store.history(of: order.id) == historyBefore)
    }

    @Test(arguments: StoreKind.allCases)
    func changesAreDeliveredToSubscribers(_ kind: StoreKind) async throws {
        let fixture = try StoreFixture(kind)
        let order = DemoFixtures.storeSample[0]
        let changes = fixture.store.changes()
        try await fixture.store.insert([order])
        try #require(await changes.nextChange() == .updated([order.id]))
        try await fixture.store.update(order.id, expectedVersion: 1, mutations: [.addNote("hello")], actor: "a")
        try #require(await changes.nextChange() == .updated([order.id]))
    }

    private func outcome(_ body: () async throws -> Order) async -> Result<Order, Error> {
        do { return .success(try await body()) } catch { return .failure(error) }
    }
}
