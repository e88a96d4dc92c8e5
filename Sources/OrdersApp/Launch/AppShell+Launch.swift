import Foundation
import OrdersCore
import OrdersScreens
import TermRender

/// What the full-screen app needs to start: an open store and who is using it.
public struct AppLaunch {
    public var store: any OrderStore
    public var databaseName: String
    public var actor: String
    public var config: AppConfig
    /// Why the config file could not be used, if it could not; shown in the app, never fatal.
    public var configProblem: String?
    /// Clock, locale and thresholds of the presentation models; the system's unless a test pins them.
    public var presentation: PresentationEnvironment

    public init(store: any OrderStore, databaseName: String, actor: String, config: AppConfig = AppConfig(),
                configProblem: String? = nil, presentation: PresentationEnvironment? = nil) {
        self.store = store
        self.databaseName = databaseName
        self.actor = actor
        self.config = config
        self.configProblem = configProblem
        self.presentation = presentation ?? PresentationEnvironment(actor: actor)
    }
}

extension AppShell {
    /// The whole app as `orders` starts it (models, keymaps with the config's overrides,
    /// coordinator), on `application`: the terminal, or a headless one in tests.
    public static func make(_ launch: AppLaunch, application: Application, services: AppServices) -> AppShell {
        let config = launch.config
        let (keymaps, keysProblem) = AppKeymap.withOverrides(config.keys)
        var environment = launch.presentation
        if let threshold = config.highValueThreshold { environment.highValueThreshold = threshold }
        let listModel = OrderListModel(store: launch.store, environment: environment)
        if let sort = config.defaultSort { listModel.setSort(sort) }
        let coordinator = AppCoordinator(list: listModel, palette: CommandPaletteModel(themes: AppConfig.themeNames),
                                         keymaps: keymaps, autoAdvance: config.autoAdvance, mouseCapture: config.mouse)
        // A broken config never stops the app: say what is wrong (in full, so an alert
        // rather than a one-line notice) and carry on with the defaults.
        let problems = [launch.configProblem, keysProblem].compactMap { $0 }
        if !problems.isEmpty {
            coordinator.present(.error(problems.joined(separator: "\n")))
        }
        return AppShell(application: application, coordinator: coordinator, theme: config.theme,
                        databaseName: launch.databaseName, services: services)
    }
}

extension AppKeymap {
    /// The default keymaps with the user's overrides applied, or the defaults and why not.
    public static func withOverrides(_ overrides: [String: [String]]) -> (KeymapSet, String?) {
        var keymaps = defaults()
        guard !overrides.isEmpty else { return (keymaps, nil) }
        do {
            try keymaps.applyOverrides(overrides)
            return (keymaps, nil)
        } catch {
            let first = error.problems.first.map { "\($0)" } ?? "invalid"
            let more = error.problems.count > 1 ? " (and \(error.problems.count - 1) more)" : ""
            return (defaults(), "config keys: \(first)\(more); using default keys")
        }
    }
}
