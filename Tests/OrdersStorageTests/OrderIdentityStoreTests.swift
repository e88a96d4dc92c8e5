import Foundation
@testable import OrdersCore
@testable import OrdersStorage
import OrdersTestSupport
import Testing

/// Shops' own order numbers, kept verbatim with their source, in every store.
@Suite("Order identity: numbers and sources in the stores")
struct OrderIdentityStoreTests {
    static let created = Date(timeIntervalSince1970: 1_790_000_000)

    @Test(arguments: StoreKind.allCases)
    func numbersSourcesAndShopIDsRoundTripVerbatim(_ kind: StoreKind) async throws {
        let fixture = try StoreFixture(kind)
        try await fixture.store.insert(OrderFixtures.shopOrders)
        var stored: [Order] = []
        for order in OrderFixtures.shopOrders { stored.append(try #require(await fixture.store.order(order.id))) }
        #expect(stored == OrderFixtures.shopOrders)
        #expect(stored.map(\.number) == ["#1001", "#1001", "1101", "SO-2024-00017", "ORD-770005", "ORD-0000006"])
        #expect(stored.map(\.source) == ["shopify", "woo", "woo", "erp", "shopify", "local"])
        #expect(stored.map(\.shopOrderID) == ["5712345678901", "88", nil, nil, nil, nil])
    }

    @Test(arguments: StoreKind.allCases)
    func aNumberIsUniqueWithinItsSourceOnly(_ kind: StoreKind) async throws {
        let fixture = try StoreFixture(kind)
        try await fixture.store.insert(OrderFixtures.shopOrders)
        await #expect(throws: OrderStoreError.duplicateNumber(OrderReference(source: "woo", number: "1101"))) {
            try await fixture.store.insert([OrderFixtures.keyed(7, number: "1101", source: "woo")])
        }
        try await fixture.store.insert([OrderFixtures.keyed(8, number: "1101", source: "erp")])
        #expect(try await fixture.store.order(OrderID(7)) == nil, "the refused insert wrote nothing")
        #expect(try await fixture.store.order(OrderID(8))?.reference == OrderReference(source: "erp", number: "1101"))
    }

    @Test(arguments: StoreKind.allCases)
    func referencesResolveOrNameTheirCandidates(_ kind: StoreKind) async throws {
        let fixture = try StoreFixture(kind)
        try await fixture.store.insert(OrderFixtures.shopOrders)
        let store = fixture.store
        #expect(try await store.order(named: OrderReference("SO-2024-00017")!).id == OrderID(4))
        #expect(try await store.order(named: OrderReference("ORD-770005")!).id == OrderID(5))
        #expect(try await store.order(named: OrderReference("woo:#1001")!).id == OrderID(2))
        #expect(try await store.order(named: OrderReference("shopify:#1001")!).id == OrderID(1))
        // Today's forms of a local number still find it when nothing has that number verbatim.
        #expect(try await store.order(named: OrderReference("6")!).id == OrderID(6))
        #expect(try await store.order(named: OrderReference("ord-6")!).id == OrderID(6))
        #expect(try await store.order(named: OrderReference("local:ORD-0000006")!).id == OrderID(6))
        await #expect(throws: OrderReferenceError.ambiguous(OrderReference(number: "#1001"), candidates: [
            OrderReference(source: "shopify", number: "#1001"), OrderReference(source: "woo", number: "#1001"),
        ])) { try await store.order(named: OrderReference("#1001")!) }
        await #expect(throws: OrderReferenceError.notFound(OrderReference(source: "erp", number: "#1001"))) {
            try await store.order(named: OrderReference("erp:#1001")!)
        }
        await #expect(throws: OrderReferenceError.notFound(OrderReference(number: "ORD-0770005"))) {
            try await store.order(named: OrderReference("ORD-0770005")!)
        }
    }

    /// `1001` is how people say a shop's `#1001`, and also the local `ORD-0001001`'s key: after a
    /// shop's `#1001` is imported beside local orders it names two orders and is refused with both.
    @Test(arguments: StoreKind.allCases)
    func aBareNumberNamingTwoOrdersIsRefusedWithBoth(_ kind: StoreKind) async throws {
        let fixture = try StoreFixture(kind)
        let store = fixture.store
        try await store.insert([OrderFixtures.keyed(1001), OrderFixtures.keyed(2, number: "#1001", source: "shopify"),
                                OrderFixtures.keyed(3, number: "#77", source: "shopify"), OrderFixtures.keyed(4, number: "1101", source: "woo")])
        await #expect(throws: OrderReferenceError.ambiguous(OrderReference(number: "1001"), candidates: [
            OrderReference(source: "shopify", number: "#1001"), OrderReference(source: "local", number: "ORD-0001001"),
        ])) { try await store.order(named: OrderReference("1001")!) }
        #expect(try await store.order(named: OrderReference("shopify:1001")!).id == OrderID(2))
        #expect(try await store.order(named: OrderReference("local:1001")!).id == OrderID(1001))
        #expect(try await store.order(named: OrderReference("ORD-0001001")!).id == OrderID(1001))
        #expect(try await store.order(named: OrderReference("#1001")!).id == OrderID(2))
        // A shop's number said without its `#`, when only that order answers to it.
        #expect(try await store.order(named: OrderReference("77")!).id == OrderID(3))
        // A number some order has exactly wins over the looser forms (no local ORD-0001101 here anyway).
        #expect(try await store.order(named: OrderReference("1101")!).id == OrderID(4))
        #expect(OrderReferenceError.ambiguous(OrderReference(number: "1001"), candidates: [
            OrderReference(source: "shopify", number: "#1001"), OrderReference(source: "local", number: "ORD-0001001"),
        ]).description == "Order 1001 is ambiguous: it is local:ORD-0001001, shopify:#1001; name one as SOURCE:NUMBER.")
    }

    @Test func errorsReadAsSentences() {
        let ambiguous = OrderReferenceError.ambiguous(OrderReference(number: "#1001"), candidates: [
            OrderReference(source: "woo", number: "#1001"), OrderReference(source: "shopify", number: "#1001"),
        ])
        #expect(ambiguous.description == "Order #1001 is ambiguous: it is shopify:#1001, woo:#1001; name one as SOURCE:NUMBER.")
        #expect(OrderReferenceError.notFound(OrderReference(source: "erp", number: "7")).description == "Order erp:7 does not exist.")
        #expect(OrderStoreError.duplicateNumber(OrderReference(source: "woo", number: "1101")).description
                == "Order woo:1101 already exists.")
    }

    @Test func referencesParseNumberOrSourceAndNumber() {
        #expect(OrderReference("  #1001 ") == OrderReference(number: "#1001"))
        #expect(OrderReference("shopify:#1001") == OrderReference(source: "shopify", number: "#1001"))
        // A number with a colon stays whole when what precedes it cannot be a source.
        #expect(OrderReference("A B:12") == OrderReference(source: "A B", number: "12"))
        #expect(OrderReference(":12") == OrderReference(number: ":12"))
        #expect(OrderReference("shop:") == OrderReference(number: "shop:"))
        #expect(OrderReference("erp:SO:17") == OrderReference(source: "erp", number: "SO:17"))
        #expect(OrderReference("   ") == nil)
        #expect(OrderReference(source: "woo", number: "#7").description == "woo:#7")
    }

    @Test func numbersAndSourcesAreValidated() {
        func issues(_ order: Order) -> [String] {
            order.validationIssues().filter { ["id", "source", "shop_id"].contains($0.field) }.map(\.description)
        }
        #expect(issues(OrderFixtures.keyed(1, number: "#1001", source: "shopify")).isEmpty)
        #expect(issues(OrderFixtures.keyed(1, number: "")) == ["id: must not be empty"])
        #expect(issues(OrderFixtures.keyed(1, number: "A\nB")) == ["id: contains a control character (such as a line break or escape)"])
        #expect(issues(OrderFixtures.keyed(1, number: String(repeating: "9", count: 65))) == ["id: is longer than 64 characters"])
        #expect(issues(OrderFixtures.keyed(1, number: String(repeating: "9", count: 64))).isEmpty)
        #expect(issues(OrderFixtures.keyed(1, source: "a:b")) == ["source: must not contain \":\" (it separates source and number)"])
        #expect(issues(OrderFixtures.keyed(1, source: " ")) == ["source: must not be empty"])
        #expect(issues(OrderFixtures.keyed(1, shopID: "x\u{1B}")) == ["shop_id: contains a control character (such as a line break or escape)"])
    }
}
