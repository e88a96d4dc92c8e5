import Foundation
import OrdersApp
@testable import OrdersCore
import OrdersScreens
@testable import OrdersStorage
import Testing

/// The note editor keeps the operator's text until the note is stored: while the write
/// waits for a database another program holds, and after it fails.
@Suite("Shell: a note stays in the open editor until it is stored", .serialized)
@MainActor
struct NoteSaveTests {
    @Test("a note whose save fails on a locked database stays in the open editor with its text; saving again stores it")
    func noteKeptWhenSaveFails() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("orders-note-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("orders.db").path
        let sqlite = try SQLiteOrderStore(path: path, options: .init(busyTimeoutMilliseconds: 200), now: { AppFixtures.now })
        try await sqlite.insert(AppFixtures.sample)
        let lock = try SQLiteConnection(path: path, create: false)
        let store = await ShellStore.start(store: sqlite)
        await ShellCommandTests.selectOrder1(store)
        await store.send(.list(.order(.note))) { $0.modal = .noteEditor(NoteDraft(targets: [OrderID(1)])) }
        await store.type("Call back") { $0.modal = .noteEditor(NoteDraft(targets: [OrderID(1)], text: "Call back")) }
        try lock.execute("BEGIN IMMEDIATE")
        // The save is under way: the editor shows it, text and all, until the store answers.
        let returned = store.coordinator.send(.note(.save))
        #expect(returned == [.finishNote([OrderID(1)])])
        #expect(store.coordinator.modal == .noteEditor(NoteDraft(targets: [OrderID(1)], text: "Call back", isSaving: true)))
        #expect(store.coordinator.send(.note(.save)) == [], "a second Ctrl-S while saving does nothing")
        store.shell.perform(returned)
        await store.settleAfterward {
            $0.modal = .noteEditor(NoteDraft(targets: [OrderID(1)], text: "Call back"))
            $0.listError = "The note was not saved: The database \(path) is locked by another program; try again when it has finished."
        }
        #expect(store.coordinator.list.unsavedNotes == [OrderID(1): "Call back"])
        try lock.execute("ROLLBACK")
        await store.send(.note(.save), effects: [.finishNote([OrderID(1)])]) {
            $0.modal = nil
            $0.listError = nil
            $0.orders[0] = "1 pending vip notes:Call back"
        }
        #expect(store.coordinator.list.unsavedNotes == [:])
    }
}
