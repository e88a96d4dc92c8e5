import OrdersCore
import OrdersScreens
import TermRender

/// Everything on screen: the screen on top of the route stack, the modal over it, and a toast.
struct AppRootView: View {
    let coordinator: AppCoordinator
    let ui: AppUIState
    let listState: ListScreenState
    let scrolls: ScrollPositions
    let databaseName: String
    let keymaps: KeymapSet
    let glyphs: ListGlyphs
    let screenHeight: Int

    var body: some View {
        screen
            .helpOverlay(help)
            .commandPalette(palette)
            .noteEditor(noteEditor)
            .confirmDialog(confirmation)
            .errorAlert(errorAlert)
            .toastNotice(ui.toast)
    }

    private var screenContext: String {
        coordinator.currentRoute == .list ? AppKeymap.Context.list : AppKeymap.Context.detail
    }

    private func hints(modal: String? = nil) -> [KeyHintBar.Hint] {
        let contexts = AppKeymap.contexts(screen: screenContext, modal: modal, searching: modal == nil && ui.searching)
        return AppKeymap.hints(keymaps, contexts: contexts)
    }

    @ViewBuilder private var screen: some View {
        if let detail = coordinator.detail, case .detail = coordinator.currentRoute {
            OrderDetailScreen(model: detail, orderScroll: scrolls.binding(\.detailOrder),
                              notesScroll: scrolls.binding(\.detailNotes), hints: hints())
        } else {
            OrderListScreen(model: coordinator.list, databaseName: databaseName, hints: hints(),
                            search: SearchFieldDisplay(text: ui.search.text, cursor: ui.search.cursor, isFocused: ui.searching),
                            glyphs: glyphs)
        }
    }

    private var help: HelpOverlay? {
        guard coordinator.modal == .help else { return nil }
        // Help lists the keys of the screen underneath (and the app-wide ones).
        let contexts = AppKeymap.contexts(screen: screenContext, modal: nil, searching: false)
        let entries = AppKeymap.helpSections(keymaps, contexts: contexts).flatMap { section in
            section.lines.map { (group: section.group, keys: $0.keys, help: $0.help) }
        }
        return HelpOverlay(entries: HelpEntry.list(entries), filter: ui.helpFilter.text, filterCursor: ui.helpFilter.cursor,
                           scroll: scrolls.binding(\.help), maxListHeight: max(4, screenHeight - 10))
    }

    private var palette: CommandPaletteView? {
        guard coordinator.modal == .commandPalette else { return nil }
        return CommandPaletteView(model: coordinator.palette, cursor: ui.paletteField.cursor,
                                  hints: hints(modal: AppKeymap.Context.palette))
    }

    private var noteEditor: NoteEditorSheet? {
        guard case .noteEditor(let targets) = coordinator.modal else { return nil }
        let name = targets.count == 1 ? targets[0].description : "\(targets.count) orders"
        return NoteEditorSheet(orderID: name, text: ui.noteField.text, cursor: ui.noteField.cursor)
    }

    private var confirmation: ConfirmDialog? {
        guard case .confirm(let request) = coordinator.modal else { return nil }
        return ConfirmDialog(title: request.title, message: request.message, confirmLabel: request.confirmLabel,
                             keepLabel: "Keep", focusedButton: ui.confirmButton)
    }

    private var errorAlert: ErrorAlert? {
        guard case .error(let message) = coordinator.modal else { return nil }
        return ErrorAlert(message: message)
    }
}
