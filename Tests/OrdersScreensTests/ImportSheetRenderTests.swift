import Foundation
@testable import OrdersCore
@testable import OrdersInterchange
@testable import OrdersPresentation
@testable import OrdersScreens
@testable import OrdersStorage
import TermRender
import TermRenderTesting
import Testing

/// The import dialog of `:import FILE` as whole screens: while it writes (its sentence and bar), and
/// the summary of a refused file with its first problems and their places.
@MainActor
@Suite("Import dialog rendering")
struct ImportSheetRenderTests {
    nonisolated static let sizes = [Size(width: 80, height: 24), Size(width: 200, height: 60)]
    nonisolated static let hints = AppKeymap.hints(AppKeymap.defaults(), contexts: [.importing])

    static func running() -> ImportModel {
        let model = ImportModel(store: InMemoryOrderStore(), actor: "mia")
        model.begin(path: "/srv/exports/orders_export.csv")
        model.progressed(ShopImportProgress(phase: .writing, orders: 1_200, totalOrders: 3_000, bytesRead: 9_000,
                                            totalBytes: 9_000))
        return model
    }

    @Test("while it writes: what it is doing, the bar two fifths full, the keys", arguments: sizes)
    func writing(size: Size) async throws {
        let model = Self.running()
        let backend = try await ModalRenderTests.render(size: size) { $0.importSheet(ImportSheet(model: model, hints: Self.hints)) }
        expectScreenSnapshot(backend, named: "import-writing-\(size)")
        let title = try ModalRenderTests.row(containing: "Importing orders_export.csv", in: backend)
        let sentence = try ModalRenderTests.row(containing: "Writing: 1200 of 3000 orders", in: backend)
        #expect(sentence > title)
        #expect(backend.screenLines[sentence + 1].contains("█"))
        #expect(backend.screenLines.contains { $0.contains("esc cancel/close") })
    }

    @Test("a refused file: the first problems with their places, and that nothing was written", arguments: sizes)
    func refused(size: Size) async throws {
        let model = Self.running()
        let problem = "\"yesterday\" is not a date (expected a date and time like 2025-12-07 19:08:25 +0000)"
        model.state = .finished(ImportSummary(outcome: .refused, title: "orders_export.csv was not imported", lines: [
            "orders_export.csv: 2 problems in 2 orders",
            "Created at (2):",
            "  orders_export.csv, line 9, field Created at: \(problem)",
            "  orders_export.csv, line 12, field Created at: \(problem)",
            "Nothing was imported: 2 orders have problems (--skip-invalid imports the others).",
        ]))
        let backend = try await ModalRenderTests.render(size: size) { $0.importSheet(ImportSheet(model: model, hints: Self.hints)) }
        expectScreenSnapshot(backend, named: "import-refused-\(size)")
        let title = try ModalRenderTests.row(containing: "orders_export.csv was not imported", in: backend)
        #expect(try ModalRenderTests.row(containing: "line 9, field Created at", in: backend) > title)
        #expect(try ModalRenderTests.row(containing: "Nothing was imported", in: backend) > title)
        #expect(!backend.screenLines.contains { $0.contains("█") })
    }
}
