import Foundation
import OrdersCore
import OrdersPresentation
@testable import OrdersScreens
import TermRender
import TermRenderTesting
import Testing

/// The command palette and the help overlay over the detail screen.
@MainActor
@Suite("Command palette and help rendering")
struct PaletteAndHelpRenderTests {
    nonisolated static let sizes = ModalRenderTests.sizes

    nonisolated static let bindings = helpEntries([
        (group: "Navigation", keys: "↑↓ j k", help: "Move the selection"),
        (group: "Navigation", keys: "Enter", help: "Open the order"),
        (group: "Navigation", keys: "Esc", help: "Back to the list"),
        (group: "Orders", keys: "a", help: "Advance to the next status"),
        (group: "Orders", keys: "c", help: "Cancel the order"),
        (group: "Orders", keys: "f", help: "Flag or unflag"),
        (group: "Orders", keys: "t", help: "Add a tag"),
        (group: "Orders", keys: "n", help: "Write a note"),
        (group: "Search", keys: "/", help: "Search the list"),
        (group: "Search", keys: "Ctrl-R", help: "Résumé of saved searches"),
        (group: "App", keys: ":", help: "Command palette"),
        (group: "App", keys: "?", help: "This help"),
        (group: "App", keys: "q", help: "Quit"),
    ])

    @Test("palette: prompt, typed text, suggestions with the first highlighted", arguments: sizes)
    func palette(size: Size) async throws {
        let model = CommandPaletteModel(themes: ["dark", "light"])
        model.textChanged("s")
        let backend = try await ModalRenderTests.render(size: size) { $0.commandPalette(CommandPaletteView(model: model, hints: ScreenFixtures.paletteHints)) }
        expectScreenSnapshot(backend, named: "palette-\(size)")
        let inputRow = try ModalRenderTests.row(containing: ":s ", in: backend)
        let x = try ModalRenderTests.column(of: ":s ", in: backend, row: inputRow)
        #expect(backend.cursor == Point(x: x + 2, y: inputRow))
        #expect(model.suggestions.count > 1)
        let selectedTitle = try #require(model.selectedSuggestion.map { model.suggestions[$0].title })
        let y = try ModalRenderTests.row(containing: selectedTitle, in: backend)
        let column = try ModalRenderTests.column(of: selectedTitle, in: backend, row: y)
        // The selected suggestion is the table's selection bar (a background colour; reverse without colour).
        #expect(backend.style(x: column, y: y).background == Theme.dark.selectedRow.background)
        let other = try #require(model.suggestions.first { $0.title != selectedTitle }?.title)
        let otherRow = try ModalRenderTests.row(containing: other, in: backend)
        #expect(backend.style(x: column, y: otherRow).background == .default)
    }

    @Test("palette: a completed command shows one colon, and the highlight follows the model")
    func paletteCompletion() async throws {
        let model = CommandPaletteModel()
        model.textChanged(":sort ")
        model.moveSuggestion(by: 2)
        let backend = try await ModalRenderTests.render(size: Size(width: 80, height: 24)) {
            $0.commandPalette(CommandPaletteView(model: model, hints: ScreenFixtures.paletteHints))
        }
        let inputRow = try ModalRenderTests.row(containing: ":sort", in: backend)
        #expect(!backend.screenLines[inputRow].contains("::"))
        let selected = try #require(model.selectedSuggestion)
        #expect(selected == 2)
        // Input, rule, then the suggestions: the third is highlighted, the others are not.
        let x = try ModalRenderTests.column(of: ":sort", in: backend, row: inputRow)
        let y = inputRow + 2 + selected
        #expect(backend.screenLines[y].contains(model.suggestions[selected].title))
        #expect(backend.style(x: x, y: y).background == Theme.dark.selectedRow.background)
        #expect(backend.style(x: x, y: y - 1).background == .default)
    }

    @Test("palette: the error of a failed submit in the danger style")
    func paletteError() async throws {
        let model = CommandPaletteModel()
        model.textChanged(":frobnicate")
        #expect(model.submit() == nil)
        let backend = try await ModalRenderTests.render(size: Size(width: 80, height: 24)) {
            $0.commandPalette(CommandPaletteView(model: model, hints: ScreenFixtures.paletteHints))
        }
        expectScreenSnapshot(backend, named: "palette-error")
        let y = try ModalRenderTests.row(containing: "unknown command :frobnicate", in: backend)
        let x = try ModalRenderTests.column(of: "unknown command", in: backend, row: y)
        #expect(backend.style(x: x, y: y) == Theme.dark.danger)
    }

    @Test("palette input line: a leading colon is not drawn twice and the cursor follows")
    func paletteInputLine() {
        #expect(PaletteInputLine(text: ":sort ", cursor: 6) == PaletteInputLine(text: "sort ", cursor: 5))
        #expect(PaletteInputLine(text: ":sort ", cursor: 6).text == "sort ")
        #expect(PaletteInputLine(text: ":sort ", cursor: 6).cursor == 5)
        #expect(PaletteInputLine(text: ":x", cursor: 0).cursor == 0)
        #expect(PaletteInputLine(text: "open", cursor: 99).cursor == 4)
        #expect(PaletteInputLine(text: "open", cursor: -3).cursor == 0)
    }

    @Test("help: every group in first-seen order, keys in one column", arguments: sizes)
    func help(size: Size) async throws {
        var scroll = ScrollState()
        let binding = Binding(get: { scroll }, set: { scroll = $0 })
        let backend = try await ModalRenderTests.render(size: size) {
            $0.helpOverlay(HelpOverlay(entries: Self.bindings, filter: "", scroll: binding, maxListHeight: size.height - 8, hints: ScreenFixtures.helpHints))
        }
        expectScreenSnapshot(backend, named: "help-\(size)")
        // At 80x24 the last group ("App") is below the fold until scrolled.
        let rows = try ["Navigation", "Orders", "Search"].map { try ModalRenderTests.row(containing: $0, in: backend) }
        #expect(rows == rows.sorted())
        #expect(try ModalRenderTests.row(containing: "13/13", in: backend) < rows[0])
        // Help texts start in one column whatever the width of their keys.
        let helpColumns = try ["Move the selection", "Cancel the order", "Résumé of saved searches"].map { text in
            try ModalRenderTests.column(of: text, in: backend, row: try ModalRenderTests.row(containing: text, in: backend))
        }
        #expect(Set(helpColumns).count == 1)
        #expect(scroll.contentHeight == 20)
        #expect(scroll.viewportHeight == min(20, size.height - 8))
        #expect(backend.screenLines.contains { $0.contains("This help") } == (size.height >= 40))
    }

    @Test("help at 80x24 scrolls: the list is cut to its height and the scroll state says so")
    func helpScrolls() async throws {
        var scroll = ScrollState(offset: 100)
        let binding = Binding(get: { scroll }, set: { scroll = $0 })
        let backend = try await ModalRenderTests.render(size: Size(width: 80, height: 24)) {
            $0.helpOverlay(HelpOverlay(entries: Self.bindings, filter: "", scroll: binding, maxListHeight: 12, hints: ScreenFixtures.helpHints))
        }
        #expect(scroll.viewportHeight == 12)
        #expect(scroll.offset == scroll.maxOffset)
        #expect(scroll.maxOffset == 8)
        #expect(backend.screenLines.contains { $0.contains("This help") })
        #expect(!backend.screenLines.contains { $0.contains("Move the selection") })
    }

    @Test("help filtered: only matching bindings, their groups, the count and the filter text", arguments: sizes)
    func helpFiltered(size: Size) async throws {
        let backend = try await ModalRenderTests.render(size: size) {
            $0.helpOverlay(HelpOverlay(entries: Self.bindings, filter: "search", scroll: .constant(ScrollState()), hints: ScreenFixtures.helpHints))
        }
        expectScreenSnapshot(backend, named: "help-filtered-\(size)")
        #expect(backend.screenLines.contains { $0.contains("2/13") })
        #expect(backend.screenLines.contains { $0.contains("Résumé of saved searches") })
        #expect(!backend.screenLines.contains { $0.contains("Quit") })
        let y = try ModalRenderTests.row(containing: "Filter search", in: backend)
        let x = try ModalRenderTests.column(of: "Filter search", in: backend, row: y)
        #expect(backend.cursor == Point(x: x + "Filter search".count, y: y))
    }

    @Test("help with nothing matching says so")
    func helpNoMatch() async throws {
        let backend = try await ModalRenderTests.render(size: Size(width: 80, height: 24)) {
            $0.helpOverlay(HelpOverlay(entries: Self.bindings, filter: "zzz", scroll: .constant(ScrollState()), hints: ScreenFixtures.helpHints))
        }
        #expect(backend.screenLines.contains { $0.contains("No key matches the filter") })
        #expect(backend.screenLines.contains { $0.contains("0/13") })
    }
}
