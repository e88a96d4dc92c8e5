import Foundation

/// What the dashboard's figures are computed for: the moment, the calendar that says where days
/// begin, the period, and the promise that decides what is overdue.
public struct DashboardSettings: Hashable, Sendable {
    public var now: Date
    /// Days begin at midnight in this calendar's time zone.
    public var calendar: Calendar
    /// Days in the period, today included (30 or 90 on the screen).
    public var periodDays: Int
    public var promise: FulfilmentPromise?
    /// How many customers and SKUs the top lists hold.
    public var topCount: Int

    public init(now: Date, calendar: Calendar, periodDays: Int = 30, promise: FulfilmentPromise? = nil, topCount: Int = 10) {
        self.now = now
        self.calendar = calendar
        self.periodDays = max(1, periodDays)
        self.promise = promise
        self.topCount = max(0, topCount)
    }
}
