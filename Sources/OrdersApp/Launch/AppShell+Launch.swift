import Foundation
import OrdersCore
import OrdersPresentation
import OrdersScreens
import OrdersShops
import OrdersStorage
import TermRender

extension AppShell {
    /// The whole app as `orders` starts it (models, keymaps with the config's overrides,
    /// coordinator), on `application`: the terminal, or a headless one in tests.
    public static func make(_ launch: AppLaunch, application: Application, services: AppServices) -> AppShell {
        let config = launch.config
        let (keymaps, keysProblem) = AppKeymap.withOverrides(config.keys)
        var environment = launch.presentation
        if let threshold = config.highValueThreshold { environment.highValueThreshold = threshold }
        environment.fulfilmentPromise = config.fulfilmentPromise
        if let threshold = config.serverListThreshold { environment.serverListThreshold = threshold }
        let listModel = OrderListModel(store: launch.store, environment: environment)
        if let sort = config.defaultSort { listModel.setSort(sort) }
        // The same pull as `orders sync`, for a store that keeps shops (every real one does).
        let shopSync = (launch.store as? any ShopSync.Store).map { store in
            ShopSyncModel(store: store, sync: ShopSync(store: store, actor: launch.actor, now: environment.now), location: launch.storeLocation,
                          formatter: listModel.formatter, now: environment.now,
                          interval: .seconds(config.shopPullSeconds ?? ShopSync.pullIntervalSeconds), work: environment.work)
        }
        let palette = CommandPaletteModel(themes: AppConfig.themeNames)
        palette.folderEntries = FolderEntries.names
        let coordinator = AppCoordinator(list: listModel, palette: palette,
                                         keymaps: keymaps, autoAdvance: config.autoAdvance, mouseCapture: config.mouse,
                                         fulfilmentPromise: config.fulfilmentPromise,
                                         views: SavedViewsModel(list: listModel, store: launch.viewStore,
                                                                personalStore: launch.personalViews),
                                         shopSync: shopSync,
                                         rules: (launch.store as? any OrderStore & RuleStore).map { store in
                                             RulesModel(source: StoreRulesSource(store: store), environment: environment)
                                         })
        // A broken config never stops the app: say what is wrong (in full, so an alert
        // rather than a one-line notice) and carry on with the defaults.
        let problems = [launch.configProblem, keysProblem].compactMap { $0 }
        if !problems.isEmpty {
            coordinator.present(.error(problems.joined(separator: "\n")))
        }
        coordinator.customCommands = config.commands
        let shell = AppShell(application: application, coordinator: coordinator, theme: config.theme,
                             databaseName: launch.databaseName, services: services)
        shell.commandDatabase = launch.databaseAddress
        return shell
    }
}
