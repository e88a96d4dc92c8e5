import Foundation
import OrdersCore
import OrdersPresentation
import OrdersScreens
import TermRender

/// The running app: draws the coordinator's state, hands it every input event, and
/// runs the effects it returns, tracking each until done. It holds no rules: keys
/// become commands in the coordinator; this is where the effects meet the world.
@MainActor
public final class AppShell {
    public let application: Application
    public let coordinator: AppCoordinator
    let renderSession: RenderSession
    let services: AppServices
    let databaseName: String
    /// The database as `--db` names it (a server URL without its password), for the operator's own
    /// commands' `ORDERS_DB`; nil gives them none.
    var commandDatabase: String?
    let glyphs: ListGlyphs
    static let minimumSize = TerminalSizeRequirement(minimum: Size(width: 60, height: 12))

    /// Effects still running, by ticket; `waitForPendingWork` waits for all of them.
    private var running: [Int: Task<Void, Never>] = [:]
    private var nextTicket = 0
    private var noticeTimer: ScheduledTimer?
    private var recentChangeTimer: ScheduledTimer?
    /// The next background pass over the connected shops.
    private var shopSyncTimer: ScheduledTimer?
    /// The pass that sends what a change queued, while one is set up.
    private var shopSendTimer: ScheduledTimer?
    var lastClick: (row: Int, time: ContinuousClock.Instant)?

    var list: OrderListModel { coordinator.list }

    public init(application: Application, coordinator: AppCoordinator, theme: String?, databaseName: String,
                services: AppServices) {
        self.application = application
        self.coordinator = coordinator
        self.services = services
        self.databaseName = databaseName
        var renderEnvironment = EnvironmentValues()
        let capability = application.capabilities.colors
        renderEnvironment.colorCapability = capability
        renderEnvironment.theme = Self.theme(named: theme, capability: capability)
        let unicode = Self.usesUnicode(services.environment)
        // Charts follow the list's marks: block characters only where the terminal draws them.
        renderEnvironment.chartGlyphs = unicode ? .unicode : .ascii
        renderSession = RenderSession(backend: application.backend, environment: renderEnvironment)
        glyphs = unicode ? .unicode : .ascii
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

    // MARK: Running

    /// Starts the loop without waiting for its end (a test then types and reads the screen).
    public func start(opening reference: OrderReference? = nil) {
        perform(coordinator.start(opening: reference))
        application.start(render: { [weak self] in self?.render() }, handle: { [weak self] in self?.handle($0) })
    }

    /// Runs until the user quits; returns the exit status. The terminal is given back
    /// on every path out (see `Application`). `intercepting` may put a handler in front
    /// of the app's own (the fatal-signal tests' fault hook); by default events go straight in.
    public func run(opening reference: OrderReference? = nil,
                    intercepting: (_ handle: @escaping @MainActor (InputEvent) -> Void) -> @MainActor (InputEvent) -> Void
                        = { $0 }) async -> Int32 {
        perform(coordinator.start(opening: reference))
        let handle = intercepting { [weak self] in self?.handle($0) }
        let status = await application.run(render: { [weak self] in self?.render() }, handle: handle)
        // The terminal is given back; a pull in flight must not hold the exit: it is told to stop
        // and nobody waits for it (its request's thread ends with the process).
        coordinator.shopSync?.stop()
        return status
    }

    /// Waits for every effect started so far and the screens' own background work.
    public func waitForPendingWork() async {
        while let (ticket, task) = running.first {
            await task.value
            running[ticket] = nil
        }
        await coordinator.waitForPendingWork()
        if !running.isEmpty { await waitForPendingWork() }
    }

    /// Waits for pending work, then for the frame it causes (for tests, which must not sleep).
    public func settle() async {
        await waitForPendingWork()
        await application.settle()
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
                                                     showsSearchLine: coordinator.showsSearchLine))
        // And the table's columns on screen at this width: what `s` cycles through.
        coordinator.listColumnsOnScreen = OrderListScreen.columnsOnScreen(of: list, width: size.width)
        // And the frequency sheet's rows: what its page keys move by.
        coordinator.frequencyPageRows = FrequencySheet.visibleRows(screenHeight: size.height)
        // Likewise the detail's columns: whether Tab has a second column to move.
        coordinator.scrolls.detail.hasTwoColumns = DetailScroll.hasTwoColumns(width: size.width)
        // And the dashboard's panels: which fit, so focus only moves among those shown.
        coordinator.dashboard.setLayout(DashboardLayout(width: size.width, height: size.height))
        renderSession.render(AppRootView(coordinator: coordinator, databaseName: databaseName, glyphs: glyphs,
                                         screenHeight: size.height))
        // What the operator now sees: an action typed before the next frame is judged against it.
        list.noteDrawn()
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

    // MARK: Input

    func handle(_ event: InputEvent) {
        switch event {
        case .key(let press):
            perform(coordinator.handle(press))
        case .paste(let text):
            perform(coordinator.paste(text))
        case .mouse(let mouse):
            handleMouse(mouse)
        case .resize:
            renderSession.invalidate()
        case .focus:
            break
        }
    }

    // MARK: Effects

    /// Runs effects in order; slow ones continue as tracked tasks.
    public func perform(_ effects: [AppEffect]) {
        for effect in effects { perform(effect) }
    }

    private func perform(_ effect: AppEffect) {
        switch effect {
        case .openOrder(let id):
            track { [coordinator] in await coordinator.open(id) }
        case .openNamedOrder(let reference):
            track { [coordinator] in await coordinator.open(reference) }
        case .reloadDetail:
            guard let detail = coordinator.detail else { return }
            track { [list] in
                await list.waitForPendingWork()
                detail.load()
            }
        case .finishNote(let targets):
            let detail = coordinator.detail
            track { [list, coordinator] in
                await list.waitForPendingWork()
                await detail?.waitForPendingWork()
                coordinator.noteSaveFinished(targets)
            }
        case .editNote(let targets, let text):
            // The app waits, drawing nothing, while the editor has the terminal.
            let outcome = ExternalEditor.edit(text, environment: services.environment) { [application] arguments, environment in
                application.runInForeground(arguments, environment: environment)
            }
            perform(coordinator.noteEdited(outcome, for: targets))
            renderSession.invalidate()
            application.setNeedsRender()
        case .runCommand(let command, let targets):
            runCommand(command, on: targets)
        case .countFrequency(let field):
            track { [list, coordinator] in
                do {
                    coordinator.frequencyCounted(try await list.frequencyTable(of: field))
                } catch {
                    coordinator.frequencyFailed(field, "Could not count the orders: \(error)")
                }
            }
        case .copy(let text, let what):
            copy(text, what: what)
        case .copyAsCSV(let ids):
            let store = list.store
            track { [weak self] in
                do {
                    let orders = try await ListExport.fetch(ids, from: store)
                    self?.copy(ListExport.document(orders), what: "\(orders.count) marked orders as CSV")
                } catch {
                    self?.notify("Copy failed: \(error)")
                }
            }
        case .export(let path, let query, let marked):
            let store = list.store
            let writeFile = services.writeFile
            track { [weak self] in
                do {
                    let count = try await ListExport.run(store: store, query: query, marked: marked, path: path,
                                                         writeFile: writeFile)
                    self?.notify("Exported \(count) \(marked.isEmpty ? "shown" : "marked") orders to \(path)", kind: .success)
                } catch {
                    self?.notify("\(error)", kind: .failure, for: .seconds(8))
                }
            }
        case .runImport:
            // The import's transaction may share the list's connection: the list's own writes finish first.
            track { [list, coordinator] in
                await list.waitForPendingWork()
                await coordinator.importer.run()
                coordinator.importFinished()
            }
        case .syncShops:
            guard let shopSync = coordinator.shopSync else { return }
            track { [weak self] in
                let outcome = await shopSync.run()
                guard let self else { return }
                self.perform(self.coordinator.shopSyncFinished(outcome))
            }
        case .scheduleShopSync(let delay):
            shopSyncTimer?.cancel()
            shopSyncTimer = application.after(delay) { [weak self] in
                guard let self else { return }
                self.perform(self.coordinator.shopSyncDue())
            }
        case .decideRefusedFacts(let retry):
            guard let detail = coordinator.detail else { return }
            track { [weak self] in
                let decision = await detail.decideRefusedFacts(retry: retry)
                guard let self else { return }
                self.perform(self.coordinator.refusedFactsDecided(decision, number: detail.numberText))
            }
        case .followChangesForShops:
            coordinator.shopSync?.followChanges { [weak self] in
                guard let self else { return }
                self.perform(self.coordinator.ordersChangedForShops())
            }
        case .scheduleShopSend(let delay):
            guard shopSendTimer == nil else { return }
            shopSendTimer = application.after(delay) { [weak self] in
                guard let self else { return }
                self.shopSendTimer = nil
                self.perform(self.coordinator.shopSendDue())
            }
        case .switchTheme(let name):
            switchTheme(name)
        case .setMouseCapture(let enabled):
            application.setMouseCapture(enabled)
        case .redrawAll:
            renderSession.invalidate()
            application.setNeedsRender()
        case .render:
            application.setNeedsRender()
        case .suspend:
            // Returns once the shell's `fg` resumed us; whatever the terminal showed
            // meanwhile is gone, so the next frame is sent in full.
            application.suspend()
            renderSession.invalidate()
            application.setNeedsRender()
        case .quit(let status):
            application.quit(status)
        case .expireNotice(let duration):
            let shown = coordinator.notice
            let expire: @MainActor () -> Void = { [weak self] in self?.coordinator.expireNotice(shown) }
            if let schedule = services.schedule {
                schedule(duration, expire)
            } else {
                noticeTimer?.cancel()
                noticeTimer = application.after(duration, expire)
            }
        }
    }

    /// Runs `work` as a task the shell waits for in `waitForPendingWork`.
    private func track(_ work: @escaping @MainActor () async -> Void) {
        let ticket = nextTicket
        nextTicket += 1
        running[ticket] = Task { @MainActor [weak self] in
            await work()
            self?.running[ticket] = nil
        }
    }

    /// Reads the orders (after the list's own writes, so the command sees what the screen shows),
    /// then runs the command and its pager on the terminal; the app waits, drawing nothing, and
    /// draws in full when they are done.
    private func runCommand(_ command: CustomCommand, on targets: [OrderID]) {
        let store = list.store
        track { [weak self, list] in
            await list.waitForPendingWork()
            let orders: [Order]
            do {
                orders = try await ListExport.fetch(targets, from: store)
            } catch {
                self?.notify("\(command.title) did not run: could not read the orders: \(error)", kind: .failure, for: .seconds(8))
                return
            }
            guard let self else { return }
            guard !orders.isEmpty else {
                self.notify("\(command.title) did not run: the orders no longer exist", kind: .failure)
                return
            }
            let environment = CustomCommandRun.environment(for: orders, base: self.services.environment,
                                                           database: self.commandDatabase, actor: self.list.environment.actor)
            let outcome = self.application.runInForeground { run in
                CustomCommandRun.run(command, on: orders, environment: environment, run: run)
            }
            self.perform(self.coordinator.customCommandFinished(command, count: orders.count, outcome: outcome))
            self.renderSession.invalidate()
            self.application.setNeedsRender()
        }
    }

    /// A notice from an effect's result.
    private func notify(_ message: String, kind: ToastNotice.Kind = .info, for duration: Duration = .seconds(4)) {
        perform(coordinator.showNotice(message, kind: kind, for: duration))
    }

    private func copy(_ text: String, what: String) {
        if Clipboard.copy(text, services: services) {
            notify("Copied \(what)")
        } else {
            notify("Too much to copy (over \(Clipboard.maximumBytes / 1000) kB); use export (w)")
        }
    }

    private func switchTheme(_ name: String?) {
        let capability = renderSession.environment.colorCapability
        let current = renderSession.environment.theme
        let chosen: String
        if let name {
            guard AppConfig.themeNames.contains(name) else {
                notify("Unknown theme \"\(name)\" (try \(AppConfig.themeNames.joined(separator: ", ")))")
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
        notify(capability == .none ? "No colours on this terminal (NO_COLOR or monochrome)" : "Theme: \(chosen)")
    }
}
