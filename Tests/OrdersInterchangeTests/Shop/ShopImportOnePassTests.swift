import Foundation
@testable import OrdersCore
@testable import OrdersInterchange
@testable import OrdersStorage
import OrdersTestSupport
import Testing

/// The first pass keeps the orders it mapped when the file is small enough (`keptFileBytes`), so
/// the second writes them without parsing the file again; a bigger file is read again. Either
/// way the store, the outcome and the problems are the same.
@Suite("A shop's export parsed once when it is kept between the passes")
struct ShopImportOnePassTests {
    static func importFile(_ bytes: [UInt8], into store: any OrderStore, keptFileBytes: Int, skipsInvalid: Bool = false)
        async throws -> ShopImportReport {
        try await ShopImporter(options: ShopImportOptions(zone: ShopFixtures.utc, skipsInvalid: skipsInvalid), chunkRows: 7,
                               keptFileBytes: keptFileBytes).run(
            .bytes(bytes, fileName: "orders_export.csv"), dryRun: false, at: OrderFixtures.now,
            openStore: { store }, actor: { _ in "importer" })
    }

    /// The same report: the counts, the outcome and every problem.
    static func expectSame(_ report: ShopImportReport, _ expected: ShopImportReport, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(report.orderCount == expected.orderCount, sourceLocation: sourceLocation)
        #expect(report.outcome == expected.outcome, sourceLocation: sourceLocation)
        #expect(report.refusal == expected.refusal, sourceLocation: sourceLocation)
        #expect(report.ignoredColumns == expected.ignoredColumns, sourceLocation: sourceLocation)
    }

    static func generated(count: Int, changedEvery: Int = 0) throws -> [UInt8] {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("one-pass-\(UUID().uuidString).csv").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try ShopifyExportGenerator(seed: 11, changedEvery: changedEvery).write(count: count, to: path)
        return [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    @Test func keptAndReadAgainImportTheSameOrders() async throws {
        let bytes = try Self.generated(count: 120)
        let kept = InMemoryOrderStore(), readAgain = InMemoryOrderStore()
        let first = try await Self.importFile(bytes, into: kept, keptFileBytes: 1 << 30)
        let second = try await Self.importFile(bytes, into: readAgain, keptFileBytes: 0)
        #expect(first.outcome.new == (0..<120).map { OrderReference(source: "shopify", number: "#\(1001 + $0)") })
        Self.expectSame(second, first)
        let stored = try await StoreFixture.allOrders(kept)
        #expect(stored.count == 120)
        #expect(try await StoreFixture.allOrders(readAgain) == stored)

        // The next day's file (every 10th order fulfilled since): 12 updated, the rest unchanged, both ways.
        let nextDay = try Self.generated(count: 120, changedEvery: 10)
        let keptAgain = try await Self.importFile(nextDay, into: kept, keptFileBytes: 1 << 30)
        let readAgainAgain = try await Self.importFile(nextDay, into: readAgain, keptFileBytes: 0)
        // Orders 5, 15, …, 115 (index % 10 == 10 / 2): #1006, #1016, …, #1116.
        #expect(keptAgain.outcome.updated == stride(from: 5, to: 120, by: 10).map { OrderReference(source: "shopify", number: "#\(1001 + $0)") })
        #expect(keptAgain.outcome.unchanged == 108)
        Self.expectSame(readAgainAgain, keptAgain)
        #expect(try await StoreFixture.allOrders(readAgain) == (try await StoreFixture.allOrders(kept)))
    }

    @Test func aFileWithAProblemIsRefusedAndSkippedTheSameKeptOrReadAgain() async throws {
        var text = String(decoding: try Self.generated(count: 20), as: UTF8.self)
        // A 21st order whose date is no date: refused, or skipped with --skip-invalid.
        let row = ["Name": "#9999", "Email": "x@example.com", "Currency": "EUR", "Total": "5.00",
                   "Created at": "yesterday", "Lineitem quantity": "1", "Lineitem name": "A", "Lineitem price": "5.00"]
        text += CSVWriter.line(ShopifyExportGenerator.header.map { row[$0] ?? "" })
        let bytes = Array(text.utf8)
        for skipsInvalid in [false, true] {
            let kept = InMemoryOrderStore(), readAgain = InMemoryOrderStore()
            let first = try await Self.importFile(bytes, into: kept, keptFileBytes: 1 << 30, skipsInvalid: skipsInvalid)
            let second = try await Self.importFile(bytes, into: readAgain, keptFileBytes: 0, skipsInvalid: skipsInvalid)
            Self.expectSame(second, first)
            #expect(first.orderCount == 21)
            #expect((skipsInvalid ? first.outcome.skipped : first.refusal).map(\.field) == ["Created at"], "\(skipsInvalid)")
            #expect(first.outcome.new.count == (skipsInvalid ? 20 : 0))
            #expect(try await StoreFixture.allOrders(readAgain).count == (skipsInvalid ? 20 : 0))
            #expect(try await StoreFixture.allOrders(kept) == (try await StoreFixture.allOrders(readAgain)))
        }
    }
}
