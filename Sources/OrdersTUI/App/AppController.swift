import Foundation
import OrdersCore
import OrdersScreens
import TermRender

/// The glue of the running app: draws the current screen and turns input into
/// actions on the models and the coordinator through the keymaps. It holds no
/// business rules and no presentation logic.
@MainActor
final class AppController {
    let application: Application
    let coordinator: AppCoordinator
    let renderSession: RenderSession
    let ui = AppUIState()
    let listState = ListScreenState()
    let scrolls = ScrollPositions()
    let keymaps: KeymapSet
    let config: AppConfig
    let databaseName: String
    let environment: [String: String]
    let glyphs: ListGlyphs
    static let minimumSize = TerminalSizeRequirement(minimum: Size(width: 60, height: 12))

    /// The order the list selection sat on when an action needing confirmation started, to advance from.
    var pendingAdvance: OrderID?
    var toastTimer: ScheduledTimer?
    var recentChangeTimer: ScheduledTimer?
    var lastClick: (row: Int, time: ContinuousClock.Instant)?

    var list: OrderListModel { coordinator.list }

    init(application: Application, coordinator: AppCoordinator, keymaps: KeymapSet, config: AppConfig,
         databaseName: String, environment: [String: String]) {
        self.application = application
        self.coordinator = coordinator
        self.keymaps = keymaps
        self.config = config
        self.databaseName = databaseName
        self.environment = environment
        var renderEnvironment = EnvironmentValues()
        let capability = application.session.backend.capabilities.colors
        renderEnvironment.colorCapability = capability
        renderEnvironment.theme = Self.theme(named: config.theme, capability: capability)
        renderSession = RenderSession(backend: application.backend, environment: renderEnvironment)
        glyphs = Self.usesUnicode(environment) ? .unicode : .ascii
        ui.mouseCapture = config.mouse
    }

    static func theme(named name: String?, capability: ColorCapability) -> Theme {
        if capability == .none { return .monochrome }
        switch name {
        case "light": return .light
        case "monochrome": return .monochrome
        case "dark": return .dark
        default: return .standard(for: capability)
        }
    }

    /// vt100 and the Linux console, or a non-UTF-8 locale, get ASCII marks.
    static func usesUnicode(_ environment: [String: String]) -> Bool {
        let term = environment["TERM"] ?? ""
        if term.hasPrefix("vt") || term == "linux" || term == "dumb" { return false }
        let locale = environment["LC_ALL"].flatMap { $0.isEmpty ? nil : $0 } ?? environment["LC_CTYPE"] ?? environment["LANG"] ?? ""
        return locale.uppercased().contains("UTF-8") || locale.uppercased().contains("UTF8")
    }

    // MARK: Drawing

    func render() {
        let size = application.size
        if let message = Self.minimumSize.message(for: size) {
            renderSession.render(Text(message).frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .center))
            return
        }
        // The list's page is known from the screen's size before the frame, so drawing writes nothing.
        list.setPageHeight(OrderListScreen.tableRows(screenHeight: size.height,
                                                     showsSearchLine: ui.searching || !ui.search.text.isEmpty))
        renderSession.render(AppRootView(coordinator: coordinator, ui: ui, listState: listState, scrolls: scrolls,
                                         databaseName: databaseName, keymaps: keymaps, glyphs: glyphs,
                                         screenHeight: size.height))
        scheduleRecentChangeExpiry()
    }

    /// Redraws once the next "recently changed" mark expires, dropping it.
    private func scheduleRecentChangeExpiry() {
        guard recentChangeTimer?.isActive != true, let expiry = list.nextRecentChangeExpiry else { return }
        let delay = max(expiry.timeIntervalSinceNow, 0.05)
        recentChangeTimer = application.after(.milliseconds(Int(delay * 1000) + 10)) { [weak self] in
            self?.list.pruneRecentChanges()
        }
    }

    /// Shows a one-line notice that goes away by itself.
    func showToast(_ message: String, kind: ToastNotice.Kind = .info, for duration: Duration = .seconds(4)) {
        ui.toast = ToastNotice(message, kind: kind)
        toastTimer?.cancel()
        toastTimer = application.after(duration) { [weak self] in self?.ui.toast = nil }
    }

    // MARK: Input

    func handle(_ event: InputEvent) {
        switch event {
        case .key(let press):
            handleKey(press)
        case .paste(let text):
            handlePaste(text)
        case .mouse(let mouse):
            handleMouse(mouse)
        case .resize:
            renderSession.invalidate()
        case .focus:
            break
        }
        carryOutAppRequest()
    }

    private var modalContext: String? { ui.modalContext(coordinator.modal) }

    /// Contexts where typing edits text; their own bindings are checked before the field.
    static let fieldContexts: Set = [AppKeymap.Context.search, AppKeymap.Context.palette, AppKeymap.Context.note,
                                     AppKeymap.Context.help]

    private var screenContext: String {
        coordinator.currentRoute == .list ? AppKeymap.Context.list : AppKeymap.Context.detail
    }

    private func handleKey(_ press: KeyPress) {
        let contexts = AppKeymap.contexts(screen: screenContext, modal: modalContext, searching: ui.searching)
        // Text fields: their own bindings (Enter, Esc, Tab…) first, then editing keys, then app-wide keys.
        if let fieldContext = contexts.first, Self.fieldContexts.contains(fieldContext) {
            if let action = keymaps[fieldContext]?.action(for: press) {
                perform(action, context: fieldContext)
                return
            }
            if edit(.key(press), in: fieldContext) == .handled { return }
            if let action = keymaps[AppKeymap.Context.global]?.action(for: press), action == GlobalAction.interrupt {
                perform(action, context: AppKeymap.Context.global)
            }
            return
        }
        guard let binding = keymaps.lookup(press, in: contexts) else { return }
        let context = contexts.first { keymaps[$0]?.binding(for: press) != nil } ?? AppKeymap.Context.global
        perform(binding.action, context: context)
    }

    private func handlePaste(_ text: String) {
        if let context = modalContext {
            _ = edit(.paste(text), in: context)
            showPasteNotice(in: context)
            return
        }
        guard coordinator.currentRoute == .list else { return }
        // Pasting on the list searches for what was pasted (an order id, a name); the field turns
        // line breaks into spaces and cuts a paste to its limit before anything else sees it.
        if !ui.searching { beginSearch() }
        _ = edit(.paste(text), in: AppKeymap.Context.search)
        showPasteNotice(in: AppKeymap.Context.search)
    }

    /// Tells the operator when a field cut what was pasted.
    private func showPasteNotice(in context: String) {
        let notice = switch context {
        case AppKeymap.Context.search: ui.search.notice
        case AppKeymap.Context.palette: ui.paletteField.notice
        case AppKeymap.Context.note: ui.noteField.notice
        case AppKeymap.Context.help: ui.helpFilter.notice
        default: String?.none
        }
        if let notice { showToast(notice) }
    }

    /// Applies an editing key or paste to the field of `context`.
    private func edit(_ event: InputEvent, in context: String) -> EventDisposition {
        switch context {
        case AppKeymap.Context.search:
            guard ui.search.handle(event) == .handled else { return .ignored }
            list.searchTextChanged(ui.search.text)
            return .handled
        case AppKeymap.Context.palette:
            guard ui.paletteField.handle(event) == .handled else { return .ignored }
            coordinator.palette.textChanged(ui.paletteField.text)
            return .handled
        case AppKeymap.Context.note:
            return ui.noteField.handle(event)
        case AppKeymap.Context.help:
            guard ui.helpFilter.handle(event) == .handled else { return .ignored }
            scrolls.help.scrollToTop()
            return .handled
        default:
            return .ignored
        }
    }

    // MARK: App requests

    private func carryOutAppRequest() {
        guard let request = coordinator.takeAppRequest() else { return }
        switch request {
        case .quit:
            application.quit(0)
        case .theme(let name):
            switchTheme(name)
        case .export(let path):
            export(to: path)
        }
    }

    private func switchTheme(_ name: String?) {
        let capability = renderSession.environment.colorCapability
        let current = renderSession.environment.theme
        let chosen: String
        if let name {
            guard AppConfig.themeNames.contains(name) else {
                showToast("Unknown theme \"\(name)\" (try \(AppConfig.themeNames.joined(separator: ", ")))")
                return
            }
            chosen = name
        } else {
            // No name: the next theme in turn.
            let names = AppConfig.themeNames
            let index = names.firstIndex { Self.theme(named: $0, capability: .trueColor) == current } ?? -1
            chosen = names[(index + 1) % names.count]
        }
        renderSession.environment.theme = Self.theme(named: chosen, capability: capability)
        renderSession.invalidate()
        showToast(capability == .none ? "No colours on this terminal (NO_COLOR or monochrome)" : "Theme: \(chosen)")
    }

    private func export(to path: String) {
        let store = list.store
        let query = list.query
        let marked = list.markedIDs
        showToast("Exporting…")
        Task { [weak self] in
            do {
                let count = try await ListExport.run(store: store, query: query, marked: marked, path: path)
                self?.showToast("Exported \(count) \(marked.isEmpty ? "shown" : "marked") orders to \(path)", kind: .success)
            } catch {
                self?.showToast("\(error)", kind: .failure, for: .seconds(8))
            }
        }
    }
}
