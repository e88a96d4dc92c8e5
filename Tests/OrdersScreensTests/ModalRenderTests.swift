import Foundation
import OrdersCore
@testable import OrdersScreens
import TermRender
import Testing

/// Each modal drawn over the detail screen, compared as whole screens, with the
/// styles that carry meaning (focus, danger, dimmed backdrop) checked per cell.
@MainActor
@Suite("Modal rendering")
struct ModalRenderTests {
    nonisolated static let sizes = [Size(width: 80, height: 24), Size(width: 120, height: 40)]

    /// Renders the fixture detail screen with `present` applied, at `size`.
    static func render(size: Size, _ present: (OrderDetailScreen) -> some View) async throws -> TestBackend {
        let model = try await ScreenFixtures.detailModel()
        let backend = TestBackend(size: size)
        let session = RenderSession(backend: backend)
        let screen = OrderDetailScreen(model: model, notesScroll: .constant(ScrollState()), hints: OrderDetailScreenRenderTests.hints)
        session.render(present(screen))
        return backend
    }

    /// The display column where `text` starts on row `y`, so wide characters before it count twice.
    static func column(of text: String, in backend: TestBackend, row y: Int) throws -> Int {
        let line = backend.screenLines[y]
        return TextWidth.of(line[..<(try #require(line.range(of: text), "\"\(text)\" not on row \(y)")).lowerBound])
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
        let editor = NoteEditorSheet(orderID: "ORD-0000042", text: text, cursor: 21)
        let backend = try await Self.render(size: size) { $0.noteEditor(editor) }
        expectScreenSnapshot(backend, named: "note-editor-\(size)")
        let titleRow = try Self.row(containing: "Note on ORD-0000042", in: backend)
        let textRow = try Self.row(containing: "Called the customer:", in: backend)
        #expect(textRow == titleRow + 1)
        let textColumn = try Self.column(of: "Called", in: backend, row: textRow)
        #expect(backend.cursor == Point(x: textColumn + 21, y: textRow))
        #expect(try Self.row(containing: "Enter save  Esc cancel", in: backend) > textRow)
    }

    @Test("an empty note editor shows its placeholder with the cursor at the start")
    func emptyNoteEditor() async throws {
        let backend = try await Self.render(size: Size(width: 80, height: 24)) {
            $0.noteEditor(NoteEditorSheet(orderID: "ORD-0000042", text: "", cursor: 0))
        }
        let y = try Self.row(containing: "Write a note for the next operator…", in: backend)
        let x = try Self.column(of: "Write a note", in: backend, row: y)
        #expect(backend.cursor == Point(x: x, y: y))
        #expect(backend.style(x: x + 1, y: y) == Theme.dark.placeholder)
    }
}
