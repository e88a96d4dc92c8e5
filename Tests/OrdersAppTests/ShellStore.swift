import Foundation
import OrdersApp
import OrdersCore
import OrdersPresentation
import OrdersScreens
import OrdersStorage
import Synchronization
import TermRender
import TerminalTestSupport
import Testing

/// The whole app, headless (TestBackend + ScriptedInput), driven like an exhaustive
/// store test: `send` a command, name every effect it must return (any other fails),
/// and say how the whole `ShellState` changes once the command and its effects have
/// run; anything else that changed fails the test.
@MainActor
final class ShellStore {
    let store: any OrderStore
    let backend: TestBackend
    /// The keyboard: bytes typed here go the real way (decoder, keymaps, coordinator, effects).
    let input: ScriptedInput
    let shell: AppShell
    /// What went to the terminal outside frames (the clipboard's OSC 52).
    let terminal: TerminalTap
    let exportDirectory: URL
    /// The state the test expects now; each `send` updates it.
    private(set) var expected: ShellState
    /// How long a step's effects and the models' work may run before the test fails, naming the step,
    /// instead of hanging (as a TCA `TestStore` fails on an effect still running). Four minutes: in
    /// whole runs on two cores every shell suite has been seen to stall for over 60 s at once, in
    /// the same minute, on steps as small as a key (stop 44: three runs of six, cause not yet found),
    /// while a true hang must still fail by name before the run's 5-minute silence watchdog.
    var settleLimit: Duration = .seconds(240)
    /// Whether a step that gives up says where the process's threads stand (the first such step of
    /// the process does); off where a test makes a step give up on purpose.
    var dumpsThreadsWhenGivingUp = true
    /// Whether no step of this process has given up yet (the first one dumps the threads).
    private static let firstToGiveUp = Mutex(true)

    var coordinator: AppCoordinator { shell.coordinator }

    /// Bytes effects send straight to the terminal.
    @MainActor final class TerminalTap {
        var sent: [String] = []
        /// Timers the app set (notice expiries), in order; `expireNotices` runs them.
        var scheduled: [@MainActor () -> Void] = []
    }

    /// Lets the time of every pending notice pass.
    func expireNotices(_ update: (inout ShellState) -> Void, sourceLocation: SourceLocation = #_sourceLocation) async {
        let due = terminal.scheduled
        terminal.scheduled = []
        for action in due { action() }
        await settle(update, what: "the notices' time passing", sourceLocation: sourceLocation)
    }

    private init(store: any OrderStore, backend: TestBackend, input: ScriptedInput, shell: AppShell,
                 terminal: TerminalTap, exportDirectory: URL, expected: ShellState) {
        self.store = store
        self.backend = backend
        self.input = input
        self.shell = shell
        self.terminal = terminal
        self.exportDirectory = exportDirectory
        self.expected = expected
    }

    /// The app over the sample orders (in memory, unless a test brings its own store holding them), started and settled.
    static func start(size: Size = Size(width: 100, height: 24), config: AppConfig = AppConfig(),
                      opening reference: OrderReference? = nil, orders: [Order] = AppFixtures.sample,
                      store given: (any OrderStore)? = nil, databaseName: String = "test.db",
                      personalViews: (any PersonalViewStore)? = nil,
                      environment: [String: String] = [:], databaseAddress: String? = nil,
                      presentation: PresentationEnvironment = AppFixtures.environment,
                      storeLocation: StoreLocation? = nil) async -> ShellStore {
        let store = given ?? InMemoryOrderStore(orders: orders, now: { AppFixtures.now })
        let backend = TestBackend(size: size)
        let input = ScriptedInput()
        let terminal = TerminalTap()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("orders-shell-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        // Time stands still for notices: they stay up until a test takes them down.
        let services = AppServices(sendToTerminal: { terminal.sent.append($0) }, writeFile: Self.writeFile,
                                   environment: ["TERM": "xterm-256color", "LANG": "C.UTF-8",
                                                 // The note's editor, where a test does not bring its own: leaves the file as it was.
                                                 "VISUAL": "/bin/true"].merging(environment) { $1 },
                                   schedule: { _, action in terminal.scheduled.append(action) })
        let application = Application(backend: backend, input: input)
        let launch = AppLaunch(store: store, databaseName: databaseName, actor: "mia", config: config,
                               presentation: presentation, personalViews: personalViews,
                               databaseAddress: databaseAddress, storeLocation: storeLocation)
        let shell = AppShell.make(launch, application: application, services: services)
        shell.start(opening: reference)
        await shell.settle()
        let state = await Self.snapshot(shell: shell, store: store)
        return ShellStore(store: store, backend: backend, input: input, shell: shell, terminal: terminal,
                          exportDirectory: directory, expected: state)
    }

    /// The app over the sample orders in a new PostgreSQL database whose list the server serves
    /// (the threshold at the sample's count), with the store to ask the server directly.
    static func startServed(size: Size = Size(width: 100, height: 24)) async throws -> (ShellStore, PostgresOrderStore) {
        let connectionString = try PostgresTestServer.shared.get().makeDatabase()
        let store = try PostgresOrderStore(connectionString: connectionString)
        try await store.insert(AppFixtures.sample)
        var config = AppConfig()
        config.serverListThreshold = AppFixtures.sample.count
        return (await start(size: size, config: config, store: store), store)
    }

    /// Writes a whole export file at once (the app's effect calls this with the rows).
    private static let writeFile: AppServices.FileWriter = { path, produce in
        var text = ""
        let count = try await produce { text += $0 }
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return count
    }

    /// The state now.
    var state: ShellState {
        get async { await Self.snapshot(shell: shell, store: store) }
    }

    private static func snapshot(shell: AppShell, store: any OrderStore) async -> ShellState {
        let coordinator = shell.coordinator
        var orders: [String] = []
        for number in 1...9 {
            if let order = try? await store.order(OrderID(number)) { orders.append(order.summary) }
        }
        return ShellState(routes: coordinator.routes, modal: coordinator.modal,
                          noteDrafts: coordinator.noteDrafts.all, focus: coordinator.focus,
                          detail: coordinator.detail?.orderID, list: coordinator.list.summary,
                          paletteText: coordinator.palette.text,
                          paletteSuggestion: coordinator.palette.selectedSuggestion, notice: coordinator.notice?.message,
                          mouseCapture: coordinator.mouseCapture, detailScroll: coordinator.scrolls.detail.summary,
                          helpScroll: coordinator.scrolls.help.offset, exitStatus: shell.application.quitStatus,
                          listError: coordinator.list.errorMessage, detailError: coordinator.detail?.errorMessage,
                          customerOrders: (coordinator.detail?.customerOrderRows ?? [])
                              .map { "\($0.id.number)" + ($0.isSelected ? "*" : "") }.joined(separator: " "),
                          dashboard: coordinator.dashboard.summary, importState: coordinator.importer.state,
                          shopSync: coordinator.shopSync?.state, shopStatus: coordinator.shopSync?.statusText,
                          rules: coordinator.rules?.summary(cursor: coordinator.ruleQueryCursor) ?? "", orders: orders)
    }

    /// Sends `command`; it must return exactly `effects`. They run, the app settles, and the
    /// whole state must then equal the previous expectation changed by `update`.
    func send(_ command: ContextCommand, effects: [AppEffect] = [], _ update: (inout ShellState) -> Void = { _ in },
              sourceLocation: SourceLocation = #_sourceLocation) async {
        let returned = coordinator.send(command)
        #expect(returned == effects, "effects of \(command)", sourceLocation: sourceLocation)
        shell.perform(returned)
        await settle(update, what: "\(command)", sourceLocation: sourceLocation)
    }

    /// Types bytes through the real input path (decoder, keymaps, coordinator, effects).
    func type(_ text: String, _ update: (inout ShellState) -> Void = { _ in },
              sourceLocation: SourceLocation = #_sourceLocation) async {
        input.type(text)
        await settle(update, what: "typing \(text.debugDescription)", sourceLocation: sourceLocation)
    }

    /// For a test that ran part of the app by hand (a command's effects): settles, then the whole
    /// state must be the previous expectation changed by `update`.
    func settleAfterward(_ update: (inout ShellState) -> Void, sourceLocation: SourceLocation = #_sourceLocation) async {
        await settle(update, what: "the work started", sourceLocation: sourceLocation)
    }

    /// Someone else changes the store (another `orders` process); the app hears it through the
    /// change feed. Waits until the list has handled `handledInAll` change notices since it
    /// started, then the whole state must be the previous expectation changed by `update`.
    func changeElsewhere(handledInAll count: Int, _ change: (any OrderStore) async throws -> Void,
                         _ update: (inout ShellState) -> Void = { _ in },
                         sourceLocation: SourceLocation = #_sourceLocation) async throws {
        try await change(store)
        // Bounded: a change notice that never comes fails this test by name instead of hanging the run.
        let list = coordinator.list
        let arrived = await Deadline.finishes { await list.waitForChangesHandled(count) }
        try #require(arrived, "the list never handled change notice \(count) (waited \(Deadline.generous))",
                     sourceLocation: sourceLocation)
        await settle(update, what: "a change made elsewhere", sourceLocation: sourceLocation)
    }

    private func settle(_ update: (inout ShellState) -> Void, what: String, sourceLocation: SourceLocation) async {
        let shell = self.shell
        guard await Deadline.finishes(within: settleLimit, { await shell.settle() }) else {
            let work = coordinator.list.environment.work
            var message = "after \(what), work was still running \(settleLimit) later: \(work.running) of the models' "
                + "(\(work.feeds) feeds and \(work.timers) timers besides), or an effect of the shell"
            // The first step of the process to give up says where every thread stands: when all the
            // shell suites stall at once, that is the process, not one step (stop 44's stall).
            if dumpsThreadsWhenGivingUp, Self.firstToGiveUp.withLock({ first in defer { first = false }; return first }) {
                message += "\nWhere the test process's threads stood then:\n" + (ThreadDump.ofThisProcess() ?? "(gdb could not look)")
            }
            Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
            return
        }
        update(&expected)
        let actual = await state
        #expect(actual == expected, "after \(what)", sourceLocation: sourceLocation)
        // Carry on from what happened, so one mismatch is reported once.
        expected = actual
    }

    /// The screen as the terminal would show it.
    var screen: [String] { backend.screenLines }
}
