import Foundation
import OrdersCore
import Synchronization

/// Turns order values into the text the screens show. Create one per app run
/// (formatters are expensive); every method is cheap afterwards.
///
/// Foundation's formatters are configured once here and only read afterwards,
/// which Foundation documents as safe from any thread, hence `@unchecked Sendable`.
public final class OrderFormatter: @unchecked Sendable {
    public let locale: Locale
    public let calendar: Calendar
    /// Made on first use: a formatter costs ICU set-up, and of the ~160 currencies
    /// a database holds only a few.
    private let currencyFormatters = Mutex<[String: NumberFormatter]>([:])
    private let fallbackNumber: NumberFormatter
    private let dayMonth: DateFormatter
    private let dayMonthYear: DateFormatter
    private let absolute: DateFormatter
    private let weekdayDayMonth: DateFormatter
    private let count: NumberFormatter

    /// A formatter for this locale; dates are shown in the calendar's time zone.
    public init(locale: Locale, calendar: Calendar) {
        self.locale = locale
        var calendar = calendar
        calendar.locale = locale
        self.calendar = calendar
        fallbackNumber = NumberFormatter()
        fallbackNumber.locale = locale
        fallbackNumber.numberStyle = .decimal
        func dates(_ template: String) -> DateFormatter {
            let formatter = DateFormatter()
            formatter.locale = locale
            formatter.calendar = calendar
            formatter.timeZone = calendar.timeZone
            formatter.setLocalizedDateFormatFromTemplate(template)
            return formatter
        }
        dayMonth = dates("dMMM")
        dayMonthYear = dates("dMMMy")
        absolute = dates("yMMMdHHmmzzz")
        weekdayDayMonth = dates("EEEdMMM")
        count = NumberFormatter()
        count.locale = locale
        count.numberStyle = .decimal
    }

    private static func makeCurrencyFormatter(_ currency: Currency, locale: Locale) -> NumberFormatter {
        let formatter = NumberFormatter()
        formatter.locale = locale
        formatter.numberStyle = .currency
        formatter.currencyCode = currency.code
        formatter.minimumFractionDigits = currency.minorUnits
        formatter.maximumFractionDigits = currency.minorUnits
        return formatter
    }

    /// The formatter for a known currency, made once.
    private func currencyFormatter(for currency: Currency) -> NumberFormatter? {
        guard Currency.known[currency.code] == currency else { return nil }
        return currencyFormatters.withLock { formatters in
            if let formatter = formatters[currency.code] { return formatter }
            let formatter = Self.makeCurrencyFormatter(currency, locale: locale)
            formatters[currency.code] = formatter
            return formatter
        }
    }

    /// An amount in its currency with exactly the currency's minor units: `¥1,200`, `$12.50`.
    public func money(_ amount: Decimal, _ currency: Currency) -> String {
        let rounded = currency.rounded(amount)
        if let text = currencyFormatter(for: currency)?.string(from: NSDecimalNumber(decimal: rounded)) {
            return text
        }
        // A currency this build does not know: the number with its code.
        let number = fallbackNumber.string(from: NSDecimalNumber(decimal: rounded)) ?? "\(rounded)"
        return number + " " + currency.code
    }

    /// A date relative to now for the list: `just now`, `5m ago`, `3h ago`,
    /// `yesterday`, `12 Mar`, or `12 Mar 2025` for other years.
    public func relativeDate(_ date: Date, now: Date) -> String {
        let seconds = now.timeIntervalSince(date)
        if seconds >= 0 {
            if seconds < 60 { return "just now" }
            if seconds < 3_600 { return "\(Int(seconds / 60))m ago" }
            if seconds < 12 * 3_600 || calendar.isDate(date, inSameDayAs: now) { return "\(Int(seconds / 3_600))h ago" }
            if let yesterday = calendar.date(byAdding: .day, value: -1, to: now),
               calendar.isDate(date, inSameDayAs: yesterday) {
                return "yesterday"
            }
        }
        if calendar.component(.year, from: date) == calendar.component(.year, from: now) {
            return dayMonth.string(from: date)
        }
        return dayMonthYear.string(from: date)
    }

    /// A full date and time with the time zone, for the detail screen.
    public func absoluteDate(_ date: Date) -> String {
        absolute.string(from: date)
    }

    /// A calendar day with its weekday, "Mon, Sep 21": the dashboard's days.
    public func day(_ date: Date) -> String {
        weekdayDayMonth.string(from: date)
    }

    /// The label of a status: `Pending`, `Processing`, …
    public func label(_ status: OrderStatus) -> String {
        status.rawValue.prefix(1).uppercased() + status.rawValue.dropFirst()
    }

    /// A whole number with the locale's grouping: `12,345`.
    public func count(_ value: Int) -> String {
        count.string(from: NSNumber(value: value)) ?? String(value)
    }

    /// "12 of 340" for a zero-based position in a list of `total`; nil when the
    /// position is not in the list (a position would lie).
    public func position(_ position: Int?, of total: Int) -> String? {
        guard let position, position >= 0, position < total else { return nil }
        return "\(count(position + 1)) of \(count(total))"
    }

    /// What a count still being counted shows (`ListSummary.isCounting`): in the header, the tabs and the sums.
    public static let pendingCount = "…"

    /// The list's figures for the status bar: "3 marked  A$1.00  €2,000.00", sums in currency-code order;
    /// "counting…" in place of the sums while the server counts them.
    public func summaryFigures(_ summary: ListSummary) -> String {
        var parts: [String] = []
        if summary.marked > 0 { parts.append("\(summary.marked) marked") }
        if summary.isCounting { return (parts + ["counting\(Self.pendingCount)"]).joined(separator: "  ") }
        parts += summary.totalsByCurrency.sorted { $0.key < $1.key }.compactMap { code, amount in
            Currency.named(code).map { money(amount, $0) }
        }
        return parts.joined(separator: "  ")
    }

    /// The header's count: "340/5000 orders", "…/5000 orders" while the shown orders are counted,
    /// or the progress while the list loads.
    public func listCount(_ summary: ListSummary, loading: LoadingState) -> String {
        if case .loading(let loaded, let total?) = loading, loaded < total {
            let percent = total > 0 ? loaded * 100 / total : 0
            return "loading \(loaded)/\(total) (\(percent)%)"
        }
        return "\(summary.isCounting ? Self.pendingCount : String(summary.shown))/\(summary.total) orders"
    }

    /// A status tab's count as the tab bar shows it: the number, or "…" while the server counts it.
    public func tabCount(_ count: Int, counting: Bool) -> String {
        counting ? Self.pendingCount : String(count)
    }
}
