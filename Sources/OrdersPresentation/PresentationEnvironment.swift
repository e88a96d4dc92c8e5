import Foundation
import OrdersCore

/// What the presentation models take from the outside world, injected so tests
/// can pin the clock and its timers, the operator's name, the locale and the time zone.
public struct PresentationEnvironment: Sendable {
    /// The current time; tests pass a clock they advance by hand.
    public var now: @Sendable () -> Date
    /// Waits for a while (the list's timers: "waiting for the database…", "Reconnected"); throws
    /// when the waiting task is cancelled. Tests pass the clock's own, which returns once they
    /// advance the clock past it.
    public var sleep: @Sendable (Duration) async throws -> Void
    /// Where the models start their work (`ModelWork`): the app shell's, so it knows what is under way.
    public var work: ModelWork
    /// The operator's name, recorded in the audit log and used by "assign to me".
    public var actor: String
    /// Totals above this count as high value (in each order's own currency).
    public var highValueThreshold: Decimal
    /// Locale for numbers, currencies and dates.
    public var locale: Locale
    /// Calendar (with its time zone) for relative dates and `since:`/`before:`.
    public var calendar: Calendar
    /// How long a row stays marked as changed by someone else.
    public var recentChangeDuration: TimeInterval
    /// Bulk actions on more orders than this ask for confirmation.
    public var bulkConfirmationThreshold: Int
    /// After this long, a write still under way is shown as waiting for the database.
    public var slowWriteNotice: TimeInterval
    /// The config's fulfilment promise: the list's due times, `due<4h` / `overdue` and the overdue
    /// count; nil without one (then those terms are refused and the Due column is empty).
    public var fulfilmentPromise: FulfilmentPromise?
    /// From this many orders on, a store that can (`ServerListStore`: PostgreSQL) serves the list
    /// a window at a time instead of the list loading an index of every order (config `serverListThreshold`).
    public var serverListThreshold: Int
    /// How long "Reconnected" stays on the status bar once the database can be reached again.
    public var reconnectedNoticeDuration: TimeInterval
    /// The most orders `*` marks at once on a list the server serves (`ServedListSource+MarkAll`).
    public var serverMarkLimit: Int

    public init(
        now: @escaping @Sendable () -> Date = { Date() },
        sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) },
        work: ModelWork = ModelWork(),
        actor: String,
        highValueThreshold: Decimal = Order.defaultHighValueThreshold,
        locale: Locale = .current,
        calendar: Calendar = .current,
        recentChangeDuration: TimeInterval = 30,
        bulkConfirmationThreshold: Int = 10,
        slowWriteNotice: TimeInterval = 0.3,
        fulfilmentPromise: FulfilmentPromise? = nil,
        serverListThreshold: Int = PresentationEnvironment.defaultServerListThreshold,
        reconnectedNoticeDuration: TimeInterval = 3,
        serverMarkLimit: Int = PresentationEnvironment.defaultServerMarkLimit
    ) {
        self.now = now
        self.sleep = sleep
        self.work = work
        self.actor = actor
        self.highValueThreshold = highValueThreshold
        self.locale = locale
        self.calendar = calendar
        self.recentChangeDuration = recentChangeDuration
        self.bulkConfirmationThreshold = bulkConfirmationThreshold
        self.slowWriteNotice = slowWriteNotice
        self.fulfilmentPromise = fulfilmentPromise
        self.serverListThreshold = serverListThreshold
        self.reconnectedNoticeDuration = reconnectedNoticeDuration
        self.serverMarkLimit = serverMarkLimit
    }

    /// Orders from which the server serves the list when it can: the in-memory index of 200,000
    /// orders loads in about a second and holds some 30 MiB; beyond, the server's window is cheaper.
    public static let defaultServerListThreshold = 200_000

    /// Marks `*` sets at once on a served list: each is held by id with what was shown of it, and an
    /// action reads the rows of those off screen first (5,000 in about 0.3 s), so a few seconds at most.
    public static let defaultServerMarkLimit = 10_000
}
