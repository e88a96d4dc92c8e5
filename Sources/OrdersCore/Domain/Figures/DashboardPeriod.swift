import Foundation

/// What one computation of the figures is framed by, derived once from its settings: the days of
/// the period, the filters that select the period, and the `overdue` search term's filter. Every
/// way of counting (the list's index, the server's SQL) starts from the same one, so they agree on
/// each bound.
package struct DashboardPeriod {
    package let settings: DashboardSettings
    package let days: DayBoundaries
    /// Created in the period: since its first midnight, before the midnight after today.
    package let filters: [OrderFilter]
    /// The `overdue` search term's own rule at `settings.now`; nil without a promise.
    package let overdueFilter: OrderFilter?

    package init(_ settings: DashboardSettings) {
        self.settings = settings
        days = DayBoundaries(endingWith: settings.now, days: settings.periodDays, calendar: settings.calendar)
        filters = [OrderFilter(.createdSince(days.start)), OrderFilter(.createdBefore(days.end))]
        overdueFilter = settings.promise.map { OrderFilter(.dueClockStartBefore($0.onTimeCutoff(now: settings.now))) }
    }

    package var now: Date { settings.now }
}
