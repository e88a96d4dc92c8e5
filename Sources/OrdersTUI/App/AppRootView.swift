import OrdersCore
import OrdersScreens
import TermRender

/// Everything on screen: the screen on top of the route stack, the modal over it, and a toast.
struct AppRootView: View {
    let coordinator: AppCoordinator
    let ui: AppUIState
    let listState: ListScreenState
    let databaseName: String
    let keymaps: KeymapSet
    let glyphs: ListGlyphs

    var body: some View {
        screen
            .sheet(isPresented: isSheet, title: sheetTitle) { sheetContent }
            .alert(isPresented: alert != nil, alert ?? AlertDialog(title: "", message: ""))
            .toast(ui.toast.map { Text($0) })
    }

    private var contexts: [String] {
        AppKeymap.contexts(screen: screenContext, modal: ui.modalContext(coordinator.modal), searching: ui.searching)
    }

    private var screenContext: String {
        coordinator.currentRoute == .list ? AppKeymap.Context.list : AppKeymap.Context.detail
    }

    private var hints: [KeyHintBar.Hint] { AppKeymap.hints(keymaps, contexts: contexts) }

    @ViewBuilder private var screen: some View {
        if let detail = coordinator.detail, case .detail = coordinator.currentRoute {
            DetailPlaceholder(model: detail, hints: hints)
        } else {
            OrderListScreen(model: coordinator.list, screenState: listState, databaseName: databaseName, hints: hints,
                            search: SearchFieldDisplay(text: ui.search.text, cursor: ui.search.cursor, isFocused: ui.searching),
                            glyphs: glyphs)
        }
    }

    private var isSheet: Bool {
        switch coordinator.modal {
        case .help, .commandPalette, .noteEditor: true
        default: false
        }
    }

    private var sheetTitle: String? {
        switch coordinator.modal {
        case .help: "Keys"
        case .commandPalette: "Command"
        case .noteEditor(let targets): targets.count == 1 ? "Note on \(targets[0])" : "Note on \(targets.count) orders"
        default: nil
        }
    }

    @ViewBuilder private var sheetContent: some View {
        switch coordinator.modal {
        case .help:
            HelpPlaceholder(sections: AppKeymap.helpSections(keymaps, contexts: AppKeymap.contexts(
                screen: screenContext, modal: nil, searching: false)), scroll: ui.helpScroll)
        case .commandPalette:
            PalettePlaceholder(model: coordinator.palette, field: ui.paletteField)
        case .noteEditor:
            TextFieldView(text: ui.noteField.text, cursor: ui.noteField.cursor, placeholder: "Type a note, Enter saves")
                .frame(width: 60)
        default:
            EmptyView()
        }
    }

    private var alert: AlertDialog? {
        switch coordinator.modal {
        case .confirm(let request):
            AlertDialog(title: request.title, message: request.message,
                        buttons: [AlertDialog.Button("Keep", role: .cancel), AlertDialog.Button(request.confirmLabel, role: .destructive)],
                        selectedButton: ui.confirmButton)
        case .error(let message):
            AlertDialog(title: "Error", message: message, buttons: [AlertDialog.Button("OK")])
        default:
            nil
        }
    }
}
