import OrdersCore
import OrdersScreens
import TermRender

/// Everything on screen: the screen on top of the route stack, the modal over it, and
/// the notice. It only arranges views; what they show comes from the coordinator
/// (`AppCoordinator+Presentation`).
struct AppRootView: View {
    let coordinator: AppCoordinator
    let databaseName: String
    let glyphs: ListGlyphs
    let screenHeight: Int

    var body: some View {
        screen
            .helpOverlay(help)
            .commandPalette(palette)
            .noteEditor(noteEditor)
            .lineChooser(lineChooser)
            .frequencySheet(frequency)
            .confirmDialog(confirmation)
            .errorAlert(errorAlert)
            .importSheet(importSheet)
            .toastNotice(coordinator.notice)
    }

    @ViewBuilder private var screen: some View {
        if let detail = coordinator.detail, case .detail = coordinator.currentRoute {
            OrderDetailScreen(model: detail, scroll: coordinator.scrolls.binding(\.detail),
                              hints: coordinator.footerHints)
        } else if coordinator.currentRoute == .dashboard {
            DashboardScreen(model: coordinator.dashboard, databaseName: databaseName, hints: coordinator.footerHints)
        } else if coordinator.currentRoute == .rules, let rules = coordinator.rules {
            RulesScreen(model: rules, databaseName: databaseName, queryCursor: coordinator.ruleQueryCursor,
                        hints: coordinator.footerHints)
        } else {
            OrderListScreen(model: coordinator.list, databaseName: databaseName,
                            hints: coordinator.footerHints, search: coordinator.searchFieldDisplay, glyphs: glyphs,
                            views: coordinator.views?.tabs ?? [], shopSync: coordinator.shopSync)
        }
    }

    private var help: HelpOverlay? {
        guard case .help(let filter) = coordinator.modal else { return nil }
        return HelpOverlay(entries: coordinator.helpEntries, filter: filter.text, filterCursor: filter.cursor,
                           scroll: coordinator.scrolls.binding(\.help), maxListHeight: max(4, screenHeight - 10),
                           hints: coordinator.modalHints)
    }

    private var palette: CommandPaletteView? {
        guard case .commandPalette(let cursor) = coordinator.modal else { return nil }
        return CommandPaletteView(model: coordinator.palette, cursor: cursor, hints: coordinator.modalHints)
    }

    private var noteEditor: NoteEditorSheet? {
        guard case .noteEditor(let draft) = coordinator.modal else { return nil }
        return NoteEditorSheet(orderID: coordinator.noteSubject(draft), text: draft.field.text,
                               cursor: draft.field.cursor, hints: coordinator.modalHints)
    }

    private var lineChooser: LineChooserSheet? {
        guard case .lineChooser(let draft) = coordinator.modal else { return nil }
        return LineChooserSheet(chooser: draft.chooser, text: draft.field.text, cursor: draft.field.cursor,
                                refusal: draft.refusal, hints: coordinator.modalHints,
                                optionHints: coordinator.lineChooserOptionHints)
    }

    private var frequency: FrequencySheet? {
        guard let display = coordinator.frequencyDisplay else { return nil }
        return FrequencySheet(title: display.title, lines: display.lines, selected: display.selected, status: display.status,
                              screenHeight: screenHeight, hints: coordinator.modalHints)
    }

    private var confirmation: ConfirmDialog? {
        guard case .confirm(let pending) = coordinator.modal else { return nil }
        let keys = AppKeymap.confirmKeys(coordinator.keymaps)
        return ConfirmDialog(title: pending.request.title, message: pending.request.message,
                             confirmLabel: pending.request.confirmLabel, keepLabel: pending.request.keepLabel,
                             focusedButton: pending.focusedButton, keepKey: keys.no, confirmKey: keys.yes)
    }

    private var importSheet: ImportSheet? {
        guard case .importing = coordinator.modal else { return nil }
        return ImportSheet(model: coordinator.importer, hints: coordinator.modalHints)
    }

    private var errorAlert: ErrorAlert? {
        guard case .error(let message) = coordinator.modal else { return nil }
        return ErrorAlert(message: message)
    }
}
