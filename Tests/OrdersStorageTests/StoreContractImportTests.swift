import Foundation
@testable import OrdersCore
@testable import OrdersStorage
import OrdersTestSupport
import Testing

/// What a large import asks of every store: a chunk of a file's orders looked up at once, and
/// one transaction spread over many calls, seen whole or not at all.
@Suite("Store contract: looking up and writing an import")
struct StoreContractImportTests {
    static func order(_ key: Int, number: String, source: String) -> Order {
        OrderFixtures.keyed(key, number: number, source: source)
    }

    @Test(arguments: StoreKind.allCases)
    func manyReferencesAreLookedUpAtOnceInSourceNumberAndKeyOrder(_ kind: StoreKind) async throws {
        let fixture = try StoreFixture(kind)
        try await fixture.store.insert(OrderFixtures.shopOrders)
        let found = try await fixture.store.orders(numberedAmong: [
            OrderReference(source: "woo", number: "1101"), OrderReference(source: "shopify", number: "#1001"),
            OrderReference(source: "shopify", number: "#1001"), OrderReference(source: "shopify", number: "#9999"),
            OrderReference(source: "erp", number: "1101"), OrderReference(number: "SO-2024-00017"),
            // Case and spaces matter: numbers are kept verbatim.
            OrderReference(source: "shopify", number: "ord-770005"), OrderReference(source: "shopify", number: " ORD-770005"),
        ])
        #expect(found == [OrderFixtures.shopOrders[3], OrderFixtures.shopOrders[0],
                          OrderFixtures.shopOrders[2]])
        // A reference without a source names the number in every source.
        #expect(try await fixture.store.orders(numberedAmong: [OrderReference(number: "#1001")]).map(\.id.number) == [1, 2])
        #expect(try await fixture.store.orders(numberedAmong: []) == [])
    }

    @Test(arguments: StoreKind.allCases)
    func aTransactionOverManyCallsIsWrittenWhole(_ kind: StoreKind) async throws {
        let fixture = try StoreFixture(kind)
        try await fixture.store.insert([Self.order(1, number: "#1", source: "shopify")])
        var replaced = Self.order(1, number: "#1", source: "shopify")
        replaced.customerName = "Ida Renamed"
        let first = try await fixture.store.writeAllOrNothing(actor: "importer") { transaction in
            let key = try await transaction.firstFreeKey()
            try await transaction.upsert([Self.order(key, number: "#2", source: "shopify")], expectedVersions: [:])
            try await transaction.upsert([replaced, Self.order(key + 1, number: "#3", source: "shopify")],
                                         expectedVersions: [OrderID(1): 1])
            return key
        }
        #expect(first == 2)
        let stored = try await fixture.store.orders(matching: OrderQuery(sort: OrderSort(.id, ascending: true)),
                                                    page: PageRequest(offset: 0, limit: 10)).orders
        #expect(stored.map(\.number) == ["#1", "#2", "#3"])
        #expect(stored.map(\.customerName) == ["Ida Renamed", "Ida Shop", "Ida Shop"])
        #expect(stored.map(\.version) == [2, 1, 1])
        #expect(try await fixture.store.history(of: OrderID(1)).map(\.newValue) == ["replaced by import"])
    }

    /// The app imports through its own store while the list and the detail keep reading it: the
    /// reads answer the orders as committed (not the import's half-written ones), and never fail.
    @Test(arguments: StoreKind.allCases)
    func readsDuringATransactionOverManyCallsAnswerTheCommittedOrders(_ kind: StoreKind) async throws {
        let fixture = try StoreFixture(kind)
        try await fixture.store.insert([Self.order(1, number: "#1", source: "shopify")])
        let before = try #require(try await fixture.store.order(OrderID(1)))
        let historyBefore = try await fixture.store.history(of: OrderID(1))
        var replaced = before
        replaced.customerName = "Ida Renamed"
        let store = fixture.store
        let seenInside = try await store.writeAllOrNothing(actor: "importer") { transaction in
            try await transaction.upsert([replaced, Self.order(2, number: "#2", source: "shopify")],
                                         expectedVersions: [OrderID(1): 1])
            return (order: try await store.order(OrderID(1)), new: try await store.order(OrderID(2)),
                    history: try await store.history(of: OrderID(1)),
                    count: try await store.orders(matching: OrderQuery(), page: PageRequest(offset: 0, limit: 10)).totalCount)
        }
        #expect(seenInside.order == before)
        #expect(seenInside.new == nil)
        #expect(seenInside.history == historyBefore)
        #expect(seenInside.count == 1)
        // Committed, the import is what every read answers.
        #expect(try await store.order(OrderID(1))?.customerName == "Ida Renamed")
        #expect(try await store.order(OrderID(2))?.number == "#2")
        #expect(try await store.history(of: OrderID(1)).count == historyBefore.count + 1)
    }

    @Test(arguments: StoreKind.allCases)
    func aTransactionThatFailsLeavesNothingOfAnyCall(_ kind: StoreKind) async throws {
        let fixture = try StoreFixture(kind)
        try await fixture.store.insert([Self.order(1, number: "#1", source: "shopify")])
        let before = try await fixture.store.order(OrderID(1))
        struct Interrupted: Error {}
        await #expect(throws: Interrupted.self) {
            try await fixture.store.writeAllOrNothing(actor: "importer") { transaction in
                try await transaction.upsert([Self.order(2, number: "#2", source: "shopify")], expectedVersions: [:])
                try await transaction.upsert([Self.order(3, number: "#3", source: "shopify")], expectedVersions: [:])
                throw Interrupted()
            }
        }
        // A stale expected version refuses the whole transaction, the earlier calls' orders too.
        var stale = Self.order(1, number: "#1", source: "shopify")
        stale.assignee = "bo"
        await #expect(throws: OrderStoreError.self) {
            try await fixture.store.writeAllOrNothing(actor: "importer") { transaction in
                try await transaction.upsert([Self.order(4, number: "#4", source: "shopify")], expectedVersions: [:])
                try await transaction.upsert([stale], expectedVersions: [OrderID(1): 7])
            }
        }
        let stored = try await fixture.store.orders(matching: OrderQuery(), page: PageRequest(offset: 0, limit: 10)).orders
        #expect(stored == [try #require(before)])
        // The store is usable again afterwards.
        try await fixture.store.insert([Self.order(5, number: "#5", source: "shopify")])
        #expect(try await fixture.store.order(OrderID(5))?.number == "#5")
    }
}
