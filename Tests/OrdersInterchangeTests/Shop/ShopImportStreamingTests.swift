import Foundation
@testable import OrdersCore
@testable import OrdersInterchange
@testable import OrdersStorage
import OrdersTestSupport
import Testing

/// A shop's export read and imported a chunk at a time: whatever the piece and chunk sizes, the
/// same records, the same orders and problems, and the same database as the file read whole.
@Suite("A shop's export streamed in chunks")
struct ShopImportStreamingTests {

    /// Every awkward byte of CSV: a byte-order mark, CRLF and LF, doubled quotes, a quoted line
    /// break and comma, an empty last field, no line break at the end.
    static let awkwardCSV = Array("\u{FEFF}a,b,c\r\n\"x \"\"quoted\"\"\",\"two\r\nlines, and a comma\",\n1,2,3\n\n4,\"\",6".utf8)

    @Test func aCSVFedInPiecesSplitAnywhereReadsAsTheWholeFile() throws {
        let whole = try CSVReader.records(in: Self.awkwardCSV)
        #expect(whole == [
            CSVRecord(line: 1, fields: ["a", "b", "c"]),
            CSVRecord(line: 2, fields: ["x \"quoted\"", "two\r\nlines, and a comma", ""]),
            CSVRecord(line: 4, fields: ["1", "2", "3"]),
            CSVRecord(line: 6, fields: ["4", "", "6"]),
        ])
        for size in 1...7 {
            var parser = CSVParser()
            var records: [CSVRecord] = []
            var start = 0
            while start < Self.awkwardCSV.count {
                let end = min(start + size, Self.awkwardCSV.count)
                records += try parser.parse(Array(Self.awkwardCSV[start..<end]), isLast: false)
                start = end
            }
            records += try parser.parse([], isLast: true)
            #expect(records == whole, "pieces of \(size) bytes")
        }
    }

    @Test func aBrokenCSVFedInPiecesIsRefusedAtTheSameLine() {
        let broken = Array("a,b\n1,\"open\n2,3\n".utf8)
        var parser = CSVParser()
        #expect(throws: CSVSyntaxError(line: 2, problem: "has a quoted field that is never closed")) {
            for byte in broken { _ = try parser.parse([byte], isLast: false) }
            _ = try parser.parse([], isLast: true)
        }
    }

    /// The fixture's orders and problems, read whole.
    static func readWhole(_ text: String, _ name: String) throws -> ShopFileContents {
        try ShopFileReader.contents(of: Array(text.utf8), fileName: name, zone: ShopFixtures.utc)
    }

    /// The same file through `ShopFileChunks`, the chunks put together again.
    static func readInChunks(_ text: String, _ name: String, chunkRows: Int, pieceSize: Int) throws -> (ShopFileContents, chunks: Int) {
        var chunks = try ShopFileChunks(.bytes(Array(text.utf8), fileName: name), format: nil, zone: ShopFixtures.utc,
                                        chunkRows: chunkRows, pieceSize: pieceSize)
        var all = ShopFileContents(orders: [], problems: [])
        var count = 0
        while let chunk = try chunks.next() {
            all.orders += chunk.orders
            all.problems += chunk.problems
            count += 1
        }
        all.ignoredColumns = chunks.ignoredColumns
        return (all, count)
    }

    @Test(arguments: [1, 2, 3, 100])
    func aShopifyFileInChunksNeverSplitsAnOrder(_ chunkRows: Int) throws {
        // The fixture's first order has two rows and a note across two lines; pieces of 5 bytes
        // end inside fields, quotes and line ends.
        let whole = try Self.readWhole(ShopFixtures.shopifyCSV, "orders_export.csv")
        let (chunked, count) = try Self.readInChunks(ShopFixtures.shopifyCSV, "orders_export.csv", chunkRows: chunkRows, pieceSize: 5)
        #expect(chunked == whole)
        #expect(whole.orders.map(\.number) == ["#1001", "1101", "SO-2024-00017"])
        #expect(whole.orders.map(\.items.count) == [2, 2, 1])
        // Rows of 1 or 2 orders wait for the name to change: the chunks are whole orders.
        #expect(count == (chunkRows == 100 ? 1 : 3))
    }

    @Test func aWooCommerceFileInChunksIsOneOrderARow() throws {
        let whole = try Self.readWhole(ShopFixtures.wooCommerceCSV, "woo.csv")
        let (chunked, count) = try Self.readInChunks(ShopFixtures.wooCommerceCSV, "woo.csv", chunkRows: 1, pieceSize: 7)
        #expect(chunked == whole)
        #expect(count == whole.orders.count + Set(whole.problems.map(\.location)).count)
    }

    static func importFile(_ bytes: [UInt8], into store: any OrderStore, chunkRows: Int,
                           options: ShopImportOptions = ShopImportOptions(zone: ShopFixtures.utc),
                           dryRun: Bool = false) async throws -> ShopImportReport {
        try await ShopImporter(options: options, chunkRows: chunkRows).run(
            .bytes(bytes, fileName: "orders_export.csv"), dryRun: dryRun, at: OrderFixtures.now, openStore: { store }, actor: { _ in "importer" })
    }

    @Test(arguments: StoreKind.allCases)
    func aGeneratedExportImportsInChunksAsItWouldWholeAndAgainChangesNothing(_ kind: StoreKind) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("stream-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("orders_export.csv").path
        let rows = try ShopifyExportGenerator(seed: 3).write(count: 150, to: path)
        #expect(rows > 150)
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))

        let chunked = try StoreFixture(kind)
        let first = try await Self.importFile(bytes, into: chunked.store, chunkRows: 7)
        #expect(first.refusal == [])
        #expect(first.orderCount == 150)
        #expect(first.outcome.new == (0..<150).map { OrderReference(source: "shopify", number: "#\(1001 + $0)") })
        let whole = InMemoryOrderStore()
        _ = try await Self.importFile(bytes, into: whole, chunkRows: 1_000_000)
        let stored = try await StoreFixture.allOrders(chunked.store)
        #expect(stored.map(\.id.number) == Array(1...150))
        #expect(stored == (try await StoreFixture.allOrders(whole)))

        let again = try await Self.importFile(bytes, into: chunked.store, chunkRows: 7)
        #expect(again.outcome == ShopImportOutcome(new: [], updated: [], unchanged: 150))
        #expect(try await StoreFixture.allOrders(chunked.store) == stored)
    }

    @Test func aFileWithProblemsOpensNoStoreAndADryRunWritesNothing() async throws {
        var text = ShopFixtures.shopifyCSV
        text += ShopFixtures.shopifyRow(["Name": "#9", "Email": "x@example.com", "Currency": "EUR", "Total": "5.00",
                                         "Created at": "yesterday", "Lineitem quantity": "1", "Lineitem name": "A",
                                         "Lineitem price": "5.00"])
        let importer = ShopImporter(options: ShopImportOptions(zone: ShopFixtures.utc), chunkRows: 1)
        let refused = try await importer.run(.bytes(Array(text.utf8), fileName: "orders_export.csv"), dryRun: false, at: OrderFixtures.now,
                                             openStore: { throw CancellationError() }, actor: { _ in "importer" })
        let line = ShopFixtures.shopifyCSV.utf8.filter { $0 == 0x0A }.count + 1
        let problem = ImportProblem(file: "orders_export.csv", location: .line(line), field: "Created at",
                                    problem: "\"yesterday\" is not a date (expected a date and time like 2025-12-07 19:08:25 +0000)")
        #expect(refused.refusal == [problem])
        #expect(refused.orderCount == 4)

        let store = InMemoryOrderStore()
        let dry = try await importer.run(.bytes(Array(text.utf8), fileName: "orders_export.csv"), dryRun: true, at: OrderFixtures.now,
                                         openStore: { store }, actor: { _ in "importer" })
        #expect(dry.refusal == [])
        #expect(dry.outcome == ShopImportOutcome(new: ShopFixtures.shopifyReferences, skipped: [problem]))
        #expect(try await StoreFixture.allOrders(store) == [])
    }
}
