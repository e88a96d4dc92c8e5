import Foundation
@testable import OrdersCore
@testable import OrdersInterchange
@testable import OrdersStorage
import OrdersTestSupport
import Testing

/// The list shows and finds orders by the shop's number; exports and imports keep it verbatim.
@Suite("Order identity: the list, search and files")
@MainActor
struct OrderIdentityListTests {
    @Test func theListShowsEachNumberAsGiven() async throws {
        let (model, _) = await PresentationFixtures.loadedModel(OrderFixtures.shopOrders)
        model.setSort(OrderSort(.id, ascending: true))
        let texts = (0..<model.rowCount).compactMap { model.row(at: $0)?.idText }
        #expect(texts == ["#1001", "#1001", "1101", "SO-2024-00017", "ORD-770005", "ORD-0000006"])
        #expect(model.numberText(of: OrderID(5)) == "ORD-770005")
        #expect(model.numberText(of: OrderID(99)) == "ORD-0000099", "an order not loaded is named by its key")
    }

    nonisolated static let searches: [(String, [Int])] = [
        ("#100", [1, 2]), ("#1001", [1, 2]), ("1101", [3]), ("so-2024", [4]), ("SO-2024-00017", [4]),
        ("ord-77", [5]), ("ord-", [5, 6]), ("0770005", []), ("0000006", [6]), ("ida", [1, 2, 3, 4, 5, 6]),
    ]

    @Test("search finds numbers as substrings, any case", arguments: searches)
    func searchFindsNumbers(_ query: String, _ keys: [Int]) async throws {
        let (model, store) = await PresentationFixtures.loadedModel(OrderFixtures.shopOrders)
        model.setSort(OrderSort(.id, ascending: true))
        model.searchTextChanged(query)
        #expect(model.visibleIDs.map(\.number) == keys)
        // The reference semantics (and so every store) agree with the index.
        let page = try await store.orders(matching: OrderQuery(filters: [OrderFilter(.text(query))], sort: OrderSort(.id, ascending: true)),
                                          page: PageRequest(limit: 50))
        #expect(page.orders.map(\.id.number) == keys)
    }

    @Test(arguments: OrderFileFormat.allCases)
    func shopNumbersSurviveExportAndImportIntoAStore(_ format: OrderFileFormat) async throws {
        var exporter = OrderExporter(format: format)
        let text = exporter.prologue() + exporter.text(for: OrderFixtures.shopOrders) + exporter.epilogue()
        let file = try OrderImporter.read(Array(text.utf8), format: format, fileName: "shops.\(format)")
        #expect(file.orders.map(\.number) == OrderFixtures.shopOrders.map(\.number))
        #expect(file.orders.map(\.id.isProvisional) == [true, true, true, true, true, false])

        let store = InMemoryOrderStore()
        try await OrderImporter.write(file, into: store, replacingExisting: false, actor: "test")
        var stored: [Order] = []
        for original in OrderFixtures.shopOrders {
            stored.append(try await store.order(named: original.reference))
        }
        // Keys are the store's: the local order keeps its own, shop orders get new ones after it.
        #expect(stored.map(\.id.number) == [7, 8, 9, 10, 11, 6])
        for index in stored.indices { stored[index].id = OrderFixtures.shopOrders[index].id }
        #expect(stored == OrderFixtures.shopOrders)

        // The same file again is refused by number, naming each clash; with --update it replaces in place.
        await #expect(throws: ImportError.self) {
            try await OrderImporter.write(file, into: store, replacingExisting: false, actor: "test")
        }
        let problems = try await OrderImporter.existingOrders(in: file, store: store).map(\.description)
        #expect(problems.first == (format == .csv
            ? "shops.csv, line 2, field id: order shopify:#1001 (written \"#1001\" here) already exists (use --update to replace it)"
            : "shops.json, index 0, field id: order shopify:#1001 (written \"#1001\" here) already exists (use --update to replace it)"))
        #expect(problems.count == 6)
        try await OrderImporter.write(file, into: store, replacingExisting: true, actor: "test")
        #expect(store.count == 6)
    }
}
