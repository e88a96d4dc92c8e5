import Foundation
import OrdersCore
import OrdersScreens
import TermRender

/// What the full-screen app needs to start: an open store and who is using it.
struct InteractiveLaunch {
    var store: any OrderStore
    /// How the header names the database: a file's name, or a server URL without its password.
    var databaseName: String
    var actor: String
    var openOrder: OrderReference?
}

/// The default keymaps with the user's overrides applied, or the defaults and why not.
func appKeymaps(_ config: AppConfig) -> (KeymapSet, String?) {
    var keymaps = AppKeymap.defaults()
    guard !config.keys.isEmpty else { return (keymaps, nil) }
    do {
        try keymaps.applyOverrides(config.keys)
        return (keymaps, nil)
    } catch {
        let first = error.problems.first.map { "\($0)" } ?? "invalid"
        let more = error.problems.count > 1 ? " (and \(error.problems.count - 1) more)" : ""
        return (AppKeymap.defaults(), "config keys: \(first)\(more); using default keys")
    }
}

/// Runs the full-screen app until the user quits; returns the exit status.
/// The terminal is given back on every path out (see `Application`).
@MainActor
func runInteractiveApp(_ launch: InteractiveLaunch) async throws -> Int32 {
    let processEnvironment = ProcessInfo.processInfo.environment
    let (config, configProblem) = AppConfig.load(environment: processEnvironment)
    let (keymaps, keysProblem) = appKeymaps(config)
    var environment = PresentationEnvironment(actor: launch.actor)
    if let threshold = config.highValueThreshold { environment.highValueThreshold = threshold }
    let listModel = OrderListModel(store: launch.store, environment: environment)
    if let sort = config.defaultSort { listModel.setSort(sort) }
    let coordinator = AppCoordinator(list: listModel, palette: CommandPaletteModel(themes: AppConfig.themeNames))
    // Ctrl-Z is a keymap action (app.suspend) so the app can redraw in full after `fg`.
    let application = try Application(options: .init(session: .init(mouseCapture: config.mouse), suspendsOnControlZ: false))
    let controller = AppController(
        application: application, coordinator: coordinator, keymaps: keymaps, config: config,
        databaseName: launch.databaseName, environment: processEnvironment)
    coordinator.start(opening: launch.openOrder)
    // A broken config never stops the app: say what is wrong (in full, so an alert
    // rather than a one-line toast) and carry on with the defaults.
    let problems = [configProblem, keysProblem].compactMap { $0 }
    if !problems.isEmpty {
        coordinator.present(.error(problems.joined(separator: "\n")))
    }
    let handle = TestFaultHook.wrapping(controller.handle, environment: processEnvironment)
    return await application.run(render: controller.render, handle: handle)
}
