import Foundation
import OrdersApp
import OrdersCore
import OrdersPresentation
import OrdersScreens
import TermRender
import TerminalTestSupport
import Testing

/// `:import FILE` in the running app, headless: the dialog, the summary, the orders in the store
/// and on the list, a refused file that writes nothing, a cancel, a file that is not there.
@Suite("Shell: :import FILE")
@MainActor
struct ImportShellTests {
    /// The summary of importing `ShopifyExportFixture.export()` into the sample orders.
    static let importedSummary = ImportSummary(outcome: .imported, title: "Imported orders_export.csv", lines: [
        "orders_export.csv: Shopify CSV, 2 orders: 2 new, 0 updated, 0 unchanged.",
        "An import is not undone by u: import a corrected export again, or change the orders one by one.",
    ])

    /// The fixture's two orders as the store holds them (`Order.summary`), keys 8 and 9.
    static let importedOrders = ["8 processing vip", "9 shipped"]

    func write(_ text: String, named name: String, in store: ShellStore) throws -> String {
        let path = store.exportDirectory.appendingPathComponent(name).path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test(":import FILE imports a shop's export: the summary, then the list shows the orders by their shop numbers")
    func importsAShopifyExport() async throws {
        let store = await ShellStore.start(size: Size(width: 100, height: 24))
        await ShellCommandTests.importFixture(store)
        #expect(store.screen.joined(separator: "\n").contains("Imported orders_export.csv"))
        await store.send(.importing(.close)) {
            $0.modal = nil
            $0.importState = .idle
        }
        let screen = store.screen
        #expect(screen.contains { $0.contains("#1001") && $0.contains("Ann Lee") })
        #expect(screen.contains { $0.contains("#1002") && $0.contains("Bo Berg") })
        #expect(screen[0].hasSuffix("9/9 orders"))
    }

    @Test("a file with problems is refused whole: the first problems with their places, nothing written")
    func refusesAFileWithProblems() async throws {
        let store = await ShellStore.start()
        let broken = ShopifyExportFixture.export() + ShopifyExportFixture.csv([
            ["Name": "#1003", "Email": "cy@example.com", "Financial Status": "paid", "Currency": "EUR", "Total": "5.00",
             "Created at": "yesterday", "Lineitem quantity": "1", "Lineitem name": "Pen", "Lineitem price": "5.00"],
        ]).split(separator: "\r\n", maxSplits: 1)[1]
        let path = try write(String(broken), named: "broken.csv", in: store)
        // The file's name is completed from its folder: the one match is highlighted.
        await ShellCommandTests.openPalette(store, typing: ":import \(path)", suggestion: 0)
        await store.send(.palette(.run), effects: [.runImport]) {
            $0.modal = .importing
            $0.paletteText = ""
            $0.paletteSuggestion = 0
            $0.importState = .finished(ImportSummary(outcome: .refused, title: "broken.csv was not imported", lines: [
                "broken.csv: 1 problem in 1 order",
                "Created at (1):",
                "  broken.csv, line 6, field Created at: \"yesterday\" is not a date (expected a date and time like 2025-12-07 19:08:25 +0000)",
                "Nothing was imported: 1 order has problems (--skip-invalid imports the others).",
            ]))
        }
        await store.send(.importing(.cancel)) {
            $0.modal = nil
            $0.importState = .idle
        }
    }

    @Test("Esc before the import has started cancels it: nothing is written")
    func cancelsBeforeItStarts() async throws {
        let store = await ShellStore.start()
        let path = try write(ShopifyExportFixture.export(), named: "orders_export.csv", in: store)
        await ShellCommandTests.openPalette(store, typing: ":import \(path)", suggestion: 0)
        // The command alone, its effect held back: the import is shown but not yet running.
        let effects = store.coordinator.send(.palette(.run))
        #expect(effects == [.runImport])
        await store.settleAfterward {
            $0.modal = .importing
            $0.paletteText = ""
            $0.paletteSuggestion = 0
            $0.importState = .running(ImportRun(path: path, fileName: "orders_export.csv"))
        }
        await store.send(.importing(.close)) // Enter does not stop an import
        await store.send(.importing(.cancel)) {
            $0.importState = .running(ImportRun(path: path, fileName: "orders_export.csv", isCancelling: true))
        }
        #expect(store.screen.contains { $0.contains("Cancelling… nothing will be written") })
        store.shell.perform(effects)
        await store.settleAfterward {
            $0.importState = .finished(ImportSummary(outcome: .cancelled, title: "Import cancelled",
                                                     lines: ["orders_export.csv: cancelled; nothing was written."]))
        }
    }

    @Test("a file that is not there is named in the summary; nothing is written")
    func aMissingFile() async throws {
        let store = await ShellStore.start()
        let path = store.exportDirectory.appendingPathComponent("nowhere.csv").path
        await ShellCommandTests.openPalette(store, typing: ":import \(path)", suggestion: nil)
        await store.send(.palette(.run), effects: [.runImport]) {
            $0.modal = .importing
            $0.paletteText = ""
            $0.paletteSuggestion = 0
            $0.importState = .finished(ImportSummary(outcome: .failed, title: "nowhere.csv cannot be imported", lines: [
                "nowhere.csv: 1 problem",
                "file (1):",
                "  nowhere.csv: cannot be read (missing or not permitted)",
                "Nothing was written.",
            ]))
        }
    }
}

extension ShellStore {
    /// After an import: waits (bounded) until the list has merged the store's change notice, then
    /// the whole state must be the previous expectation changed by `update`.
    func listHearsOfImport(_ update: (inout ShellState) -> Void, sourceLocation: SourceLocation = #_sourceLocation) async {
        let list = coordinator.list
        let arrived = await Deadline.finishes { await list.waitForChangesHandled(1) }
        #expect(arrived, "the list never heard of the import (waited \(Deadline.generous))", sourceLocation: sourceLocation)
        await settleAfterward(update, sourceLocation: sourceLocation)
    }
}
