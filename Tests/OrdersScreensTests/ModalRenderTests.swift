import Foundation
import OrdersCore
import OrdersPresentation
@testable import OrdersScreens
import TermRender
import TermRenderTesting
import TerminalText
import Testing

/// Each modal drawn over the detail screen, compared as whole screens, with the
/// styles that carry meaning (focus, danger, dimmed backdrop) checked per cell.
@MainActor
@Suite("Modal rendering")
struct ModalRenderTests {
    nonisolated static let sizes = [Size(width: 80, height: 24), Size(width: 120, height: 40)]

    /// Renders the fixture detail screen with `present` applied, at `size`.
    static func render(size: Size, theme: Theme = .dark, capability: ColorCapability = .trueColor,
                       _ present: (OrderDetailScreen) -> some View) async throws -> TestBackend {
        let model = try await ScreenFixtures.detailModel()
        let backend = TestBackend(size: size)
        var environment = EnvironmentValues()
        environment.theme = theme
        environment.colorCapability = capability
        let session = RenderSession(backend: backend, environment: environment)
        let screen = OrderDetailScreen(model: model, scroll: .constant(DetailScroll()), hints: OrderDetailScreenRenderTests.hints)
        session.render(present(screen))
        return backend
    }

    /// The display column where `text` starts on row `y`, so wide characters before it count twice.
    static func column(of text: String, in backend: TestBackend, row y: Int) throws -> Int {
        let line = backend.screenLines[y]
        return TerminalText.width(of: line[..<(try #require(line.range(of: text), "\"\(text)\" not on row \(y)")).lowerBound])
    }

    static func row(containing text: String, in backend: TestBackend) throws -> Int {
        try #require(backend.screenLines.firstIndex { $0.contains(text) }, "\"\(text)\" not on screen")
    }

    static let cancelDialog = ConfirmDialog(
        title: "Cancel ORD-0000042?", message: "The customer is told and the order cannot ship.",
        confirmLabel: "Cancel order", keepLabel: "Keep order"
    )

    @Test("confirm dialog: safe button focused by default, danger button in the danger style, screen dimmed", arguments: sizes)
    func confirm(size: Size) async throws {
        let backend = try await Self.render(size: size) { $0.confirmDialog(Self.cancelDialog) }
        expectScreenSnapshot(backend, named: "confirm-\(size)")
        let y = try Self.row(containing: "[ Keep order ]", in: backend)
        let keep = try Self.column(of: "[ Keep order ]", in: backend, row: y)
        let cancel = try Self.column(of: "[ Cancel order ]", in: backend, row: y)
        #expect(backend.style(x: keep + 2, y: y).attributes.contains(.reverse))
        #expect(!backend.style(x: cancel + 2, y: y).attributes.contains(.reverse))
        #expect(backend.style(x: cancel + 2, y: y) == Theme.dark.danger)
        // Behind the dialog the screen is dimmed, so the question stands out.
        #expect(backend.style(x: 0, y: 0).attributes.contains(.dim))
    }

    /// y and n answer without moving focus: the buttons say so, with the keys the keymap binds.
    @Test("confirm dialog: each button shows its key", arguments: [Size(width: 60, height: 15), Size(width: 80, height: 24), Size(width: 200, height: 60)])
    func confirmKeyHints(size: Size) async throws {
        var dialog = Self.cancelDialog
        let keys = AppKeymap.confirmKeys(AppKeymap.defaults())
        #expect(keys.yes == "y" && keys.no == "n")
        dialog.keepKey = keys.no
        dialog.confirmKey = keys.yes
        let backend = try await Self.render(size: size) { $0.confirmDialog(dialog) }
        let y = try Self.row(containing: "[ Keep order (n) ]", in: backend)
        #expect(backend.screenLines[y].contains("[ Cancel order (y) ]"), "\(backend.screenLines[y])")
    }

    @Test("monochrome: focus is reverse video and the dangerous button bold, no colour anywhere")
    func confirmMonochrome() async throws {
        // A terminal without colour: the monochrome theme throughout.
        let backend = try await Self.render(size: Size(width: 80, height: 24), theme: .monochrome, capability: .none) {
            $0.confirmDialog(Self.cancelDialog)
        }
        expectScreenSnapshot(backend, named: "confirm-monochrome-80x24")
        let y = try Self.row(containing: "[ Keep order ]", in: backend)
        let keep = try Self.column(of: "[ Keep order ]", in: backend, row: y)
        let cancel = try Self.column(of: "[ Cancel order ]", in: backend, row: y)
        #expect(backend.style(x: keep + 2, y: y).attributes.contains(.reverse))
        // Bold and underline tell the dangerous button apart without colour.
        #expect(backend.style(x: cancel + 2, y: y).attributes.isSuperset(of: [.bold, .underline]))
        #expect(!backend.style(x: cancel + 2, y: y).attributes.contains(.reverse))
        for row in 0..<24 {
            for x in 0..<80 {
                let style = backend.style(x: x, y: row)
                #expect(style.foreground == .default && style.background == .default, "colour at \(x),\(row)")
            }
        }
    }

    @Test("every view follows the session's theme: monochrome leaves no colour on any cell", arguments: [
        "detail", "help", "palette", "editor", "toast",
    ])
    func monochromeEverywhere(view: String) async throws {
        // The terminal keeps full colour: anything coloured on screen would come from a wrong theme.
        let palette = CommandPaletteModel()
        palette.textChanged("s")
        for size in Self.sizes {
            let backend = try await Self.render(size: size, theme: .monochrome) { screen -> AnyView in
                switch view {
                case "help": AnyView(screen.helpOverlay(HelpOverlay(entries: PaletteAndHelpRenderTests.bindings, filter: "",
                                                                     scroll: .constant(ScrollState()), hints: ScreenFixtures.helpHints)))
                case "palette": AnyView(screen.commandPalette(CommandPaletteView(model: palette, hints: ScreenFixtures.paletteHints)))
                case "editor": AnyView(screen.noteEditor(NoteEditorSheet(orderID: "ORD-0000042", text: "", cursor: 0, hints: ScreenFixtures.noteHints)))
                case "toast": AnyView(screen.toastNotice(ToastNotice("Saved", kind: .success)))
                default: AnyView(screen)
                }
            }
            var coloured: [String] = []
            for y in 0..<size.height {
                for x in 0..<size.width where backend.style(x: x, y: y).foreground != .default || backend.style(x: x, y: y).background != .default {
                    coloured.append("\(x),\(y)")
                }
            }
            #expect(coloured.isEmpty, "\(view) at \(size): colour at \(coloured.prefix(5))")
        }
    }

    @Test("confirm dialog draws the focus the shell moved to the dangerous button")
    func confirmFocusedOnDanger() async throws {
        var dialog = Self.cancelDialog
        dialog.focusedButton = .confirm
        let backend = try await Self.render(size: Size(width: 80, height: 24)) { $0.confirmDialog(dialog) }
        let y = try Self.row(containing: "[ Keep order ]", in: backend)
        let keep = try Self.column(of: "[ Keep order ]", in: backend, row: y)
        let cancel = try Self.column(of: "[ Cancel order ]", in: backend, row: y)
        #expect(!backend.style(x: keep + 2, y: y).attributes.contains(.reverse))
        #expect(backend.style(x: cancel + 2, y: y).attributes.contains(.reverse))
    }

    @Test("no dialog, alert, editor, palette, help or toast: the screen alone, undimmed")
    func nothingPresented() async throws {
        let plain = try await Self.render(size: Size(width: 80, height: 24)) { $0 }
        let wrapped = try await Self.render(size: Size(width: 80, height: 24)) { screen in
            screen.confirmDialog(nil).errorAlert(nil).noteEditor(nil).commandPalette(nil)
                .helpOverlay(nil).toastNotice(nil)
        }
        #expect(wrapped.grid == plain.grid)
        #expect(!wrapped.style(x: 0, y: 0).attributes.contains(.dim))
    }

    @Test("error alert: title, message and one focused OK", arguments: sizes)
    func errorAlert(size: Size) async throws {
        let error = ErrorAlert(title: "Could not save", message: "ORD-0000042 was changed by ken meanwhile. Reload and try again.")
        let backend = try await Self.render(size: size) { $0.errorAlert(error) }
        expectScreenSnapshot(backend, named: "error-alert-\(size)")
        let y = try Self.row(containing: "[ OK ]", in: backend)
        let ok = try Self.column(of: "[ OK ]", in: backend, row: y)
        #expect(backend.style(x: ok + 2, y: y).attributes.contains(.reverse))
        #expect(try Self.row(containing: "Could not save", in: backend) < y)
    }

    @Test("toast sits bottom-right above the hints, in its kind's colour", arguments: sizes)
    func toast(size: Size) async throws {
        let backend = try await Self.render(size: size) { $0.toastNotice(ToastNotice("Order ORD-0000042 saved", kind: .success)) }
        expectScreenSnapshot(backend, named: "toast-\(size)")
        let y = size.height - 2
        #expect(backend.screenLines[y].hasSuffix(" Order ORD-0000042 saved "))
        let x = size.width - 2
        #expect(backend.style(x: x, y: y).attributes.contains(.reverse))
        #expect(backend.style(x: x, y: y).foreground == Theme.dark.success.foreground)
        // The hints stay readable under it.
        #expect(backend.screenLines[size.height - 1].hasPrefix("a advance"))
    }

    @Test("a failure toast uses the danger colour")
    func failureToast() async throws {
        let backend = try await Self.render(size: Size(width: 80, height: 24)) { $0.toastNotice(ToastNotice("Save failed", kind: .failure)) }
        #expect(backend.style(x: 78, y: 22).foreground == Theme.dark.danger.foreground)
    }

    @Test("note editor: title names the order, text wraps, cursor where the shell says, hints", arguments: sizes)
    func noteEditor(size: Size) async throws {
        let text = "Called the customer: 王 prefers delivery after 18:00.\nLeave at the door."
        let editor = NoteEditorSheet(orderID: "ORD-0000042", text: text, cursor: 21, hints: ScreenFixtures.noteHints)
        let backend = try await Self.render(size: size) { $0.noteEditor(editor) }
        expectScreenSnapshot(backend, named: "note-editor-\(size)")
        let titleRow = try Self.row(containing: "Note on ORD-0000042", in: backend)
        let textRow = try Self.row(containing: "Called the customer:", in: backend)
        #expect(textRow == titleRow + 1)
        let textColumn = try Self.column(of: "Called", in: backend, row: textRow)
        #expect(backend.cursor == Point(x: textColumn + 21, y: textRow))
        #expect(try Self.row(containing: "ctrl-s save  enter new line  ctrl-o $EDITOR  esc close", in: backend) > textRow)
    }

    static let longLine = "Called the customer: prefers delivery after six in the evening."

    @Test("on a narrow terminal the sheets shrink to fit instead of being cut off")
    func narrowSheets() async throws {
        let size = Size(width: 50, height: 20)
        let palette = CommandPaletteModel()
        palette.textChanged("s")
        let sheets: [(String, (OrderDetailScreen) -> AnyView)] = [
            ("Note on ORD-0000042", { AnyView($0.noteEditor(NoteEditorSheet(orderID: "ORD-0000042", text: Self.longLine, cursor: 0, hints: ScreenFixtures.noteHints))) }),
            ("Command", { AnyView($0.commandPalette(CommandPaletteView(model: palette, hints: ScreenFixtures.paletteHints))) }),
            ("Keys", { AnyView($0.helpOverlay(HelpOverlay(entries: PaletteAndHelpRenderTests.bindings, filter: "",
                                                           scroll: .constant(ScrollState()), maxListHeight: 8, hints: ScreenFixtures.helpHints))) }),
        ]
        for (title, present) in sheets {
            let backend = try await Self.render(size: size, present)
            let top = try Self.row(containing: "╭ \(title) ", in: backend)
            // One cell of margin each side: the corners sit at columns 1 and 48.
            let line = backend.screenLines[top]
            #expect(TerminalText.width(of: line[..<(try #require(line.firstIndex(of: "╭")))]) == 1, "\(title): \(line)")
            #expect(TerminalText.width(of: line[..<(try #require(line.firstIndex(of: "╮")))]) == 48, "\(title): \(line)")
        }
        // The editor wraps to the narrower sheet: the end of the line is not cut off.
        let backend = try await Self.render(size: size, sheets[0].1)
        #expect(backend.screenLines.contains { $0.contains("evening.") })
    }

    @Test("an empty note editor shows its placeholder with the cursor at the start")
    func emptyNoteEditor() async throws {
        let backend = try await Self.render(size: Size(width: 80, height: 24)) {
            $0.noteEditor(NoteEditorSheet(orderID: "ORD-0000042", text: "", cursor: 0, hints: ScreenFixtures.noteHints))
        }
        let y = try Self.row(containing: "Write a note for the next operator…", in: backend)
        let x = try Self.column(of: "Write a note", in: backend, row: y)
        #expect(backend.cursor == Point(x: x, y: y))
        #expect(backend.style(x: x + 1, y: y) == Theme.dark.placeholder)
    }
}
