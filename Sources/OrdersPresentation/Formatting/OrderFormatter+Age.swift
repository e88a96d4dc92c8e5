import Foundation
import TerminalText

extension OrderFormatter {
    /// How long ago, in at most four characters, for the list's Age column: `45m`, `3h`, `2d`,
    /// `3w`, `5mo`, `2y`. Hours up to two days and days up to two weeks, so "waiting since
    /// yesterday" and "waiting since last week" read apart; a date in the future is `0m`.
    public func age(since date: Date, now: Date) -> String {
        compactDuration(now.timeIntervalSince(date))
    }

    /// A span of time in at most four characters (`45m`, `3h`, `2d`, `3w`, `5mo`, `2y`; below zero
    /// is `0m`): the Age column's and the Due column's one unit rule.
    public func compactDuration(_ seconds: TimeInterval) -> String {
        let minutes = seconds.isFinite ? max(0, Int(min(seconds, 4e9) / 60)) : 0
        let hours = minutes / 60, days = hours / 24
        if hours < 1 { return "\(minutes)m" }
        if hours < 48 { return "\(hours)h" }
        if days < 14 { return "\(days)d" }
        if days < 70 { return "\(days / 7)w" }
        if days < 730 { return "\(days * 12 / 365)mo" }
        return "\(min(days / 365, 99))y"
    }

    /// The widest text `relativeDate` gives in this locale (a two-digit day in every month of
    /// another year, and the words), so the list's Date column is never cut.
    public var widestRelativeDate: Int {
        var widest = ["just now", "yesterday", "59m ago", "23h ago"].map { TerminalText.width(of: $0) }.max() ?? 0
        let now = Date(timeIntervalSinceReferenceDate: 0)
        for month in 1...12 {
            let components = DateComponents(year: 1999, month: month, day: 28, hour: 12)
            guard let date = calendar.date(from: components) else { continue }
            widest = max(widest, TerminalText.width(of: relativeDate(date, now: now)))
        }
        return widest
    }
}
