import OrdersCore
import OrdersPresentation
import OrdersStorage

/// What the full-screen app needs to start: an open store and who is using it.
public struct AppLaunch {
    public var store: any OrderStore
    public var databaseName: String
    /// The database in full as `--db` names it, without a password: what the operator's own commands
    /// get as `ORDERS_DB`, so an `orders …` they run works on the same database. Nil: none.
    public var databaseAddress: String?
    /// Where the database is, for the shops' sync lock (`ShopSyncLock`), so the app's background
    /// pulls and a running `orders sync --watch` never pull at once; nil for a store only this
    /// process reaches (in memory).
    public var storeLocation: StoreLocation?
    public var actor: String
    public var config: AppConfig
    /// Why the config file could not be used, if it could not; shown in the app, never fatal.
    public var configProblem: String?
    /// Clock, locale and thresholds of the presentation models; the system's unless a test pins them.
    public var presentation: PresentationEnvironment
    /// Where the team's shared views live: the store itself (every store of this project keeps them).
    public var viewStore: (any ViewStore)?
    /// Where the operator's personal views live (`views.json` in their config folder); nil: none.
    public var personalViews: (any PersonalViewStore)?

    public init(store: any OrderStore, databaseName: String, actor: String, config: AppConfig = AppConfig(),
                configProblem: String? = nil, presentation: PresentationEnvironment? = nil,
                personalViews: (any PersonalViewStore)? = nil, databaseAddress: String? = nil,
                storeLocation: StoreLocation? = nil) {
        self.storeLocation = storeLocation
        self.store = store
        self.databaseName = databaseName
        self.databaseAddress = databaseAddress
        self.actor = actor
        self.config = config
        self.configProblem = configProblem
        self.presentation = presentation ?? PresentationEnvironment(actor: actor)
        self.viewStore = store as? any ViewStore
        self.personalViews = personalViews
    }
}
