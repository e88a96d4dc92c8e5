import Foundation
import OrdersApp
import OrdersCore
import OrdersPresentation
import OrdersScreens
import OrdersStorage
import Testing

/// The saved views' palette commands on the whole app: `:view`, `:save` (asking before replacing),
/// `:save --personal` (into the real `views.json` of a temporary config folder), `:view-rename`,
/// `:view-delete` (asking first), Tab through the view tabs; each with the whole shell state and the
/// tabs' labels.
@Suite("Shell: saved views")
@MainActor
struct SavedViewCommandTests {
    static func tabs(_ store: ShellStore) -> [String] {
        (store.coordinator.views?.tabs ?? []).map { $0.label + ($0.isSelected ? "[selected]" : "") }
    }

    static let defaults = [" To fulfil 1 ", " Unpaid > 3 days 0 ", " High risk 0 ", " Mine 1 "]

    static func run(_ store: ShellStore, _ text: String, suggestion: Int?, effects: [AppEffect] = [],
                    _ update: (inout ShellState) -> Void = { _ in }) async {
        await ShellCommandTests.openPalette(store, typing: text, suggestion: suggestion)
        await store.send(.palette(.run), effects: effects) {
            $0.modal = nil
            $0.paletteText = ""
            $0.paletteSuggestion = 0
            update(&$0)
        }
    }

    @Test(":view NAME shows the view's search and sort on every status; an unknown name is refused with the known ones")
    func showAView() async {
        let store = await ShellStore.start()
        #expect(Self.tabs(store) == Self.defaults)
        await Self.run(store, ":view mine", suggestion: 0) {
            $0.list.search = "assignee:me status:pending,processing"
            $0.list.sort = OrderSort(.date, ascending: true)
            $0.list.shown = [7]
            $0.list.selected = 7
        }
        #expect(Self.tabs(store) == [" To fulfil 1 ", " Unpaid > 3 days 0 ", " High risk 0 ", " Mine 1 [selected]"])
        await Self.run(store, ":view Nobody", suggestion: nil) {
            $0.listError = "There is no view named \"Nobody\" (known: To fulfil, Unpaid > 3 days, High risk, Mine)."
        }
        // A status tab from a view leaves the view: its search goes with it (the sort stays).
        await store.send(.list(.tab(.pending))) {
            $0.list.search = ""
            $0.list.tab = .pending
            $0.list.shown = [7, 1]
        }
        #expect(Self.tabs(store) == Self.defaults)
    }

    @Test("the palette completes view names for :view, :view-delete and the first name of :view-rename")
    func completion() async throws {
        let store = await ShellStore.start()
        await ShellCommandTests.openPalette(store, typing: ":view-rename unp", suggestion: 0)
        #expect(store.coordinator.palette.suggestions.map(\.completion) == [":view-rename \"Unpaid > 3 days\" "])
        store.coordinator.palette.textChanged(":view-delete ")
        #expect(store.coordinator.palette.suggestions.map(\.title) == ["To fulfil", "Unpaid > 3 days", "High risk", "Mine"])
        #expect(try PaletteCommand.parse(":view-rename \"Unpaid > 3 days\" Stale unpaid") == .renameView(from: "Unpaid > 3 days", to: "Stale unpaid"))
        #expect(try PaletteCommand.parse(":save --personal  My \"own\" ") == .saveView(name: "My \"own\"", personal: true))
        #expect(throws: PaletteError(":view-rename needs the view's name and its new name (quote a name with spaces)")) {
            try PaletteCommand.parse(":view-rename Mine")
        }
        #expect(throws: PaletteError(":save --personal needs a name for the view")) { try PaletteCommand.parse(":save --personal") }
    }

    @Test(":save NAME saves the search and sort as a shared view; over an existing name it asks first")
    func saveAndReplace() async throws {
        let store = await ShellStore.start()
        await ShellCommandTests.searchAna(store)
        await store.send(.search(.keep)) { $0.focus = .screen }
        await Self.run(store, ":save Ana", suggestion: nil)
        #expect(Self.tabs(store) == Self.defaults + [" Ana 2 [selected]"])
        let saved = try #require(try await (store.store as? any ViewStore)?.savedViews().last)
        #expect([saved.name, saved.query, saved.sort, saved.updatedBy] == ["Ana", "ana", "date:desc", "mia"])

        await store.send(.list(.flipSort)) {
            $0.list.sort = OrderSort(.date, ascending: true)
            $0.list.shown = [6, 4]
            $0.list.selected = 4
        }
        let replace = PendingConfirmation.about(.replace(name: "ANA", personal: false), request: ConfirmationRequest(
            title: "Replace the view ANA?", message: "It will show the current search, sort and columns, for everyone on this database.",
            confirmLabel: "Replace"))
        await ShellCommandTests.openPalette(store, typing: ":save ANA", suggestion: nil)
        await store.send(.palette(.run)) {
            $0.modal = .confirm(replace)
            $0.paletteText = ""
            $0.paletteSuggestion = 0
        }
        await store.send(.confirm(.yes)) { $0.modal = nil }
        #expect(Self.tabs(store) == Self.defaults + [" ANA 2 [selected]"])
        #expect(try await (store.store as? any ViewStore)?.savedViews().map(\.sort).last == "date:asc")
    }

    @Test(":view-rename and :view-delete (asked first, and a seeded view stays deleted)")
    func renameAndDelete() async throws {
        let store = await ShellStore.start()
        await Self.run(store, ":view-rename \"Unpaid > 3 days\" Stale", suggestion: nil)
        #expect(Self.tabs(store) == [" To fulfil 1 ", " Stale 0 ", " High risk 0 ", " Mine 1 "])
        let delete = PendingConfirmation.about(.delete(name: "Stale"), request: ConfirmationRequest(
            title: "Delete the view Stale?",
            message: "It is removed for everyone on this database; a default view is not seeded again.", confirmLabel: "Delete"))
        await ShellCommandTests.openPalette(store, typing: ":view-delete stale", suggestion: 0)
        await store.send(.palette(.run)) {
            $0.modal = .confirm(delete)
            $0.paletteText = ""
            $0.paletteSuggestion = 0
        }
        await store.send(.confirm(.no)) { $0.modal = nil }
        #expect(Self.tabs(store).count == 4)
        await ShellCommandTests.openPalette(store, typing: ":view-delete stale", suggestion: 0)
        await store.send(.palette(.run)) {
            $0.modal = .confirm(delete)
            $0.paletteText = ""
            $0.paletteSuggestion = 0
        }
        await store.send(.confirm(.yes)) { $0.modal = nil }
        #expect(Self.tabs(store) == [" To fulfil 1 ", " High risk 0 ", " Mine 1 "])
        await ShellCommandTests.openPalette(store, typing: ":view-delete Stale", suggestion: nil)
        await store.send(.palette(.run)) {
            $0.modal = .error("There is no view named \"Stale\" (known: To fulfil, High risk, Mine).")
            $0.paletteText = ""
            $0.paletteSuggestion = 0
        }
    }

    @Test(":save --personal keeps the view in views.json, marked, shadowing a shared one of its name; Tab reaches the views")
    func personalViews() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("orders-views-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = PersonalViewsFile(path: folder.appendingPathComponent("views.json").path)
        let store = await ShellStore.start(personalViews: file)
        await store.send(.list(.flaggedOnly)) {
            $0.list.flaggedOnly = true
            $0.list.shown = [2, 6]
            $0.list.selected = 2
        }
        await store.send(.list(.flaggedOnly)) {
            $0.list.flaggedOnly = false
            $0.list.shown = [5, 2, 3, 1, 4, 7, 6]
        }
        await store.send(.list(.search)) { $0.focus = .searchField(cursor: 0) }
        await store.type("flagged") {
            $0.focus = .searchField(cursor: 7)
            $0.list.search = "flagged"
            $0.list.shown = [2, 6]
        }
        await store.send(.search(.keep)) { $0.focus = .screen }
        await Self.run(store, ":save --personal Mine", suggestion: nil)
        // The personal "Mine" takes the shared one's place, marked; the shared one is untouched.
        #expect(Self.tabs(store) == [" To fulfil 1 ", " Unpaid > 3 days 0 ", " High risk 0 ", " @Mine 2 [selected]"])
        #expect(try file.load().map { "\($0.name) \($0.query) \($0.sort) \($0.isPersonal)" } == ["Mine flagged date:desc true"])
        #expect(try await (store.store as? any ViewStore)?.savedViews().map(\.query).last == "assignee:me status:pending,processing")

        // Tab and Shift-Tab move through the views, then round to the status tabs.
        await store.send(.list(.previousTab)) {
            $0.list.search = "risk:high status:pending,processing"
            $0.list.sort = OrderSort(.total, ascending: false)
            $0.list.shown = []
            $0.list.selected = nil
        }
        #expect(Self.tabs(store)[2] == " High risk 0 [selected]")
        await store.send(.list(.nextTab)) {
            $0.list.search = "flagged"
            $0.list.sort = OrderSort(.date, ascending: false)
            $0.list.shown = [2, 6]
            $0.list.selected = 2
        }
        await store.send(.list(.nextTab)) {
            $0.list.search = ""
            $0.list.shown = [5, 2, 3, 1, 4, 7, 6]
        }
        #expect(Self.tabs(store) == [" To fulfil 1 ", " Unpaid > 3 days 0 ", " High risk 0 ", " @Mine 2 "])
        await store.send(.list(.previousTab)) {
            $0.list.search = "flagged"
            $0.list.shown = [2, 6]
        }

        // Deleting the personal one brings the shared one back.
        let delete = PendingConfirmation.about(.delete(name: "Mine"), request: ConfirmationRequest(
            title: "Delete the view Mine?", message: "Your personal view is removed from your config.", confirmLabel: "Delete"))
        await ShellCommandTests.openPalette(store, typing: ":view-delete Mine", suggestion: 0)
        await store.send(.palette(.run)) {
            $0.modal = .confirm(delete)
            $0.paletteText = ""
            $0.paletteSuggestion = 0
        }
        await store.send(.confirm(.yes)) { $0.modal = nil }
        #expect(Self.tabs(store) == Self.defaults)
        #expect(try file.load() == [])
    }
}
