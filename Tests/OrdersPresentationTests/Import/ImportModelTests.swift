import Foundation
@testable import OrdersCore
@testable import OrdersInterchange
@testable import OrdersPresentation
@testable import OrdersStorage
import OrdersTestSupport
import Testing

/// `ImportModel`, the app's `:import FILE` without a terminal: whole states from the start to the
/// summary, a refused file, a cancel in the middle of the transaction, the progress line.
@Suite("The app's import model")
@MainActor
struct ImportModelTests {
    nonisolated static let now = Date(timeIntervalSince1970: 1_790_000_000)

    /// A folder of its own with `text` written as `name`; the path.
    static func file(_ text: String, named name: String) throws -> String {
        let directory = try TemporaryDirectory.make()
        let path = directory.appendingPathComponent(name).path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    static func model(_ store: any OrderStore, chunkRows: Int = 4_000) -> ImportModel {
        ImportModel(store: store, actor: "mia", now: { now }, zone: ShopFixtures.utc, chunkRows: chunkRows)
    }

    @Test(arguments: [StoreKind.memory, .sqlite])
    func importsAShopifyExportAndSaysWhatItDid(_ kind: StoreKind) async throws {
        let fixture = try StoreFixture(kind)
        let path = try Self.file(ShopFixtures.shopifyCSV, named: "orders_export.csv")
        let model = Self.model(fixture.store)
        #expect(model.state == .idle)
        #expect(model.begin(path: path))
        #expect(model.state == .running(ImportRun(path: path, fileName: "orders_export.csv")))
        #expect(model.progressText == "Starting…")
        #expect(model.begin(path: path) == false) // one import at a time
        await model.run()
        #expect(model.state == .finished(ImportSummary(outcome: .imported, title: "Imported orders_export.csv", lines: [
            "orders_export.csv: Shopify CSV, 3 orders: 3 new, 0 updated, 0 unchanged.",
        ] + Self.columnsLine + [
            "An import is not undone by u: import a corrected export again, or change the orders one by one.",
        ])))
        #expect(model.progressText == nil)
        let stored = try await StoreFixture.allOrders(fixture.store)
        #expect(stored.map(\.reference) == ShopFixtures.shopifyReferences)
        model.dismiss()
        #expect(model.state == .idle)

        // The same file again changes nothing, and says so without the undo note.
        #expect(model.begin(path: path))
        await model.run()
        #expect(model.state == .finished(ImportSummary(outcome: .imported, title: "Imported orders_export.csv", lines: [
            "orders_export.csv: Shopify CSV, 3 orders: 0 new, 0 updated, 3 unchanged.",
        ] + Self.columnsLine)))
        #expect(try await StoreFixture.allOrders(fixture.store) == stored)
    }

    /// The fixture's "Columns not imported" line (`ShopReaderTests` holds the same list).
    static let columnsLine = [
        "Columns not imported: Accepts Marketing, Lineitem compare at price, Billing Street, Shipping Street, "
            + "Payment Reference, Vendor, Outstanding Balance, Employee, Location, Device ID, Lineitem discount, Tax 1 Name, "
            + "Tax 1 Value, Tax 2 Name, Tax 2 Value, Tax 3 Name, Tax 3 Value, Tax 4 Name, Tax 4 Value, Tax 5 Name, "
            + "Tax 5 Value, Receipt Number, Payment ID, Payment Terms Name, Next Payment Due At, Payment References.",
    ]

    @Test func aFileWithProblemsIsRefusedWholeWithTheFirstProblemsAndTheirPlaces() async throws {
        let fixture = try StoreFixture(.sqlite)
        var text = ShopFixtures.shopifyCSV
        for number in 1...8 {
            text += ShopFixtures.shopifyRow(["Name": "#9\(number)", "Email": "x@example.com", "Currency": "EUR", "Total": "5.00",
                                             "Created at": "yes\u{1B}[2Jterday", "Lineitem quantity": "1", "Lineitem name": "A",
                                             "Lineitem price": "5.00"])
        }
        let path = try Self.file(text, named: "orders_export.csv")
        let model = Self.model(fixture.store)
        model.begin(path: path)
        await model.run()
        // The file's text as the terminal will show it: the escape made visible and inert.
        let problem = "\"yes\u{241B}[2Jterday\" is not a date (expected a date and time like 2025-12-07 19:08:25 +0000)"
        #expect(model.state == .finished(ImportSummary(outcome: .refused, title: "orders_export.csv was not imported", lines: [
            "orders_export.csv: 8 problems in 8 orders",
            "Created at (8):",
        ] + (9...13).map { "  orders_export.csv, line \($0), field Created at: \(problem)" } + [
            "… 3 more lines: orders import FILE --dry-run lists every problem",
            "Nothing was imported: 8 orders have problems (--skip-invalid imports the others).",
        ])))
        #expect(try await StoreFixture.allOrders(fixture.store) == [])
    }

    @Test func cancelledInTheMiddleOfTheTransactionWritesNothing() async throws {
        let fixture = try StoreFixture(.sqlite)
        let directory = try TemporaryDirectory.make()
        let path = directory.appendingPathComponent("orders_export.csv").path
        _ = try ShopifyExportGenerator(seed: 5).write(count: 40, to: path)
        let holder = ModelHolder()
        let store = CancelAfterFirstWriteStore(base: fixture.store) {
            await holder.cancelAndRecord()
        }
        let model = Self.model(store, chunkRows: 5)
        holder.model = model
        model.begin(path: path)
        await model.run()
        // At the moment Esc was pressed: asked to stop, the first chunk written inside the transaction.
        #expect(holder.stateWhenCancelled?.isCancelling == true)
        #expect(model.state == .finished(ImportSummary(outcome: .cancelled, title: "Import cancelled",
                                                       lines: ["orders_export.csv: cancelled; nothing was written."])))
        #expect(try await StoreFixture.allOrders(fixture.store) == [])
        // A later import of the same file writes all of it.
        model.dismiss()
        let again = Self.model(fixture.store, chunkRows: 5)
        again.begin(path: path)
        await again.run()
        #expect(try await StoreFixture.allOrders(fixture.store).count == 40)
    }

    @Test func aMissingFileFailsAndSaysWhere() async throws {
        let model = Self.model(InMemoryOrderStore())
        model.begin(path: "/nonexistent/orders.csv")
        await model.run()
        #expect(model.state == .finished(ImportSummary(outcome: .failed, title: "orders.csv cannot be imported", lines: [
            "orders.csv: 1 problem", "file (1):", "  orders.csv: cannot be read (missing or not permitted)", "Nothing was written.",
        ])))
    }

    @Test func theProgressLineFollowsBothPassesAndTheCancel() {
        let model = Self.model(InMemoryOrderStore())
        model.begin(path: "~/exports/orders.csv")
        let home = NSHomeDirectory()
        #expect(model.state == .running(ImportRun(path: home + "/exports/orders.csv", fileName: "orders.csv")))
        model.progressed(ShopImportProgress(phase: .reading, orders: 120, totalOrders: nil, bytesRead: 400, totalBytes: 1_000))
        #expect(model.progressText == "Reading and checking: 40%, 120 orders")
        #expect(model.progressFraction == 0.4)
        model.progressed(ShopImportProgress(phase: .writing, orders: 30, totalOrders: 60, bytesRead: 500, totalBytes: 1_000))
        #expect(model.progressText == "Writing: 30 of 60 orders")
        #expect(model.progressFraction == 0.5)
        model.cancel()
        #expect(model.state == .running(ImportRun(path: home + "/exports/orders.csv", fileName: "orders.csv",
                                                  progress: ShopImportProgress(phase: .writing, orders: 30, totalOrders: 60,
                                                                               bytesRead: 500, totalBytes: 1_000),
                                                  isCancelling: true)))
        #expect(model.progressText == "Cancelling… nothing will be written")
    }
}

/// The model a store's hook cancels, and what it looked like then.
@MainActor
final class ModelHolder {
    var model: ImportModel?
    var stateWhenCancelled: ImportRun?

    func cancelAndRecord() {
        model?.cancel()
        if case .running(let run) = model?.state { stateWhenCancelled = run }
    }
}
