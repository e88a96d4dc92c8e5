import Foundation
@testable import OrdersCore
@testable import OrdersPresentation
import OrdersTestSupport
import Testing

@Suite("Formatting: money, dates, statuses, counts")
struct FormattingTests {
    static let now = OrderFixtures.now // Monday 2026-09-21 14:13:20 UTC

    static func formatter(_ locale: String, zone: String = "UTC") -> OrderFormatter {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: zone)!
        return OrderFormatter(locale: Locale(identifier: locale), calendar: calendar)
    }

    static let money: [(locale: String, amount: String, currency: Currency, text: String)] = [
        ("en_US", "1200", .jpy, "¥1,200"),
        ("en_US", "1200.4", .jpy, "¥1,200"),
        ("en_US", "12.5", .usd, "$12.50"),
        ("en_US", "1234567.891", .usd, "$1,234,567.89"),
        ("en_US", "0", .eur, "€0.00"),
        ("en_US", "99.99", .gbp, "£99.99"),
        ("en_US", "15000", Currency(code: "KRW", minorUnits: 0), "₩15,000"),
    ]

    @Test("money uses the currency's minor units and the locale", arguments: money.indices)
    func moneyText(_ index: Int) {
        let row = Self.money[index]
        let formatter = Self.formatter(row.locale)
        #expect(formatter.money(Decimal(string: row.amount)!, row.currency) == row.text)
    }

    @Test("German locale puts the symbol after the number")
    func germanMoney() {
        let text = Self.formatter("de_DE").money(Decimal(string: "1234.5")!, .eur)
        #expect(text.replacingOccurrences(of: "\u{00A0}", with: " ") == "1.234,50 €")
    }

    @Test("a currency the build does not know falls back to its code")
    func unknownCurrency() {
        #expect(Self.formatter("en_US").money(Decimal(string: "12.3456")!, Currency(code: "XBT", minorUnits: 3)) == "12.346 XBT")
    }

    static let relative: [(secondsAgo: TimeInterval, text: String)] = [
        (0, "just now"), (59, "just now"), (60, "1m ago"), (59 * 60, "59m ago"), (3 * 3_600, "3h ago"),
        (14 * 3_600, "14h ago"), // still today (14:13 − 14h = 00:13)
        (14.3 * 3_600, "yesterday"), (30 * 3_600, "yesterday"), (38 * 3_600, "yesterday"), (39 * 3_600, "19 Sep"),
        (40 * 3_600, "19 Sep"), (200 * 86_400, "5 Mar"), (300 * 86_400, "25 Nov 2025"), (-3_600, "21 Sep"),
    ]

    @Test("list dates are relative", arguments: relative)
    func relativeDates(_ secondsAgo: TimeInterval, _ text: String) {
        let formatter = Self.formatter("en_GB")
        #expect(formatter.relativeDate(Self.now.addingTimeInterval(-secondsAgo), now: Self.now) == text)
    }

    @Test("relative dates follow the injected time zone")
    func relativeInTimeZone() {
        // 12h before is 02:13 in Tokyo (23:13 now): the same day there.
        let tokyo = Self.formatter("en_GB", zone: "Asia/Tokyo")
        #expect(tokyo.relativeDate(Self.now.addingTimeInterval(-21 * 3_600), now: Self.now) == "21h ago")
        let utc = Self.formatter("en_GB")
        #expect(utc.relativeDate(Self.now.addingTimeInterval(-21 * 3_600), now: Self.now) == "yesterday")
    }

    @Test("detail dates are absolute with the time zone")
    func absoluteDates() {
        #expect(Self.formatter("en_GB").absoluteDate(Self.now) == "21 Sep 2026 at 14:13 GMT")
        let berlin = Self.formatter("en_GB", zone: "Europe/Berlin").absoluteDate(Self.now)
        #expect(berlin == "21 Sep 2026 at 16:13 CEST")
    }

    @Test("position text counts from one and is absent when the order left the list")
    func positionText() {
        let formatter = Self.formatter("en_US")
        #expect(formatter.position(11, of: 340) == "12 of 340")
        #expect(formatter.position(0, of: 12_345) == "1 of 12,345")
        #expect(formatter.position(nil, of: 340) == nil)
        #expect(formatter.position(340, of: 340) == nil)
        #expect(Self.formatter("de_DE").position(1_233, of: 12_345) == "1.234 of 12.345")
    }

    @Test("status bar figures: marked count, then exact sums in currency-code order; header count and loading progress; pending counts")
    func listFigures() {
        let formatter = Self.formatter("en_US")
        let summary = ListSummary(shown: 340, total: 5000, marked: 3,
                                  totalsByCurrency: ["USD": Decimal(string: "1234.5")!, "EUR": 2000, "XXX": 1])
        #expect(formatter.summaryFigures(summary) == "3 marked  €2,000.00  $1,234.50")
        #expect(formatter.summaryFigures(ListSummary()) == "")
        #expect(formatter.listCount(summary, loading: .loaded) == "340/5000 orders")
        #expect(formatter.listCount(summary, loading: .loading(loaded: 1200, total: 5000)) == "loading 1200/5000 (24%)")
        // While the server counts a new search: pending, never another search's numbers or zero.
        let counting = ListSummary.counting(total: 5000, marked: 3)
        #expect(formatter.listCount(counting, loading: .loaded) == "…/5000 orders")
        #expect(formatter.summaryFigures(counting) == "3 marked  counting…")
        #expect(formatter.summaryFigures(.counting(total: 5000, marked: 0)) == "counting…")
        #expect(formatter.tabCount(16, counting: true) == "…")
        #expect(formatter.tabCount(16, counting: false) == "16")
    }

    @Test("status labels")
    func statusLabels() {
        let formatter = Self.formatter("en_US")
        #expect(OrderStatus.allCases.map(formatter.label) == ["Pending", "Processing", "Shipped", "Completed", "Cancelled", "Refunded"])
    }
}

@Suite("Display text is safe for the terminal")
struct FormattingDisplayTextTests {
    // The rule itself is tested exhaustively in TerminalTextTests; these prove the paths use it.
    @Test("list rows and detail lines are neutralized")
    @MainActor
    func rowsAreSafe() async throws {
        let order = OrderFixtures.order(1, customer: "Bad\u{1B}]0;pwned\u{07}Name", title: "Lamp\u{1B}[31m")
        let (model, _) = await PresentationFixtures.loadedModel([order])
        model.searchTextChanged("name")
        let row = try #require(model.row(at: 0))
        #expect(row.customer == "Bad␛]0;pwned␇Name")
        #expect(row.customerHighlights == [13..<17])
        let detail = OrderDetailModel(orderID: OrderID(1), list: model)
        detail.load()
        await detail.waitForPendingWork()
        #expect(detail.lines.first?.title == "Lamp␛[31m")
        #expect(detail.customerText == "Bad␛]0;pwned␇Name")
    }
}
