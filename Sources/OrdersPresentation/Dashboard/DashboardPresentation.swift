import Foundation
import OrdersCore
import TerminalText

/// Turns the dashboard's figures into its panels' items: labels made safe, numbers formatted by
/// the list's formatter, money in the period's main currency (the one with the most revenue; the
/// others are named in a caption, never converted).
struct DashboardPresentation {
    let formatter: OrderFormatter
    let periodDays: Int

    func panels(_ figures: DashboardFigures) -> [DashboardPanel: DashboardPanelContent] {
        let currency = mainCurrency(figures)
        var panels: [DashboardPanel: DashboardPanelContent] = [:]
        for panel in DashboardPanel.allCases {
            panels[panel] = content(of: panel, figures, currency: currency)
        }
        return panels
    }

    private func content(of panel: DashboardPanel, _ figures: DashboardFigures, currency: Currency?) -> DashboardPanelContent {
        switch panel {
        case .ordersPerDay:
            let items = figures.ordersPerDay.enumerated().map { day, figure in
                DashboardItem(label: dayLabel(figures, day), value: figure.count, valueText: formatter.count(figure.count), figure: figure)
            }
            var caption = "today \(formatter.count(figures.today?.count ?? 0))"
            if let lastWeek = figures.sameWeekdayLastWeek { caption += " · a week ago \(formatter.count(lastWeek.count))" }
            caption += " · \(periodDays) days \(formatter.count(figures.periodOrders.count))"
            return DashboardPanelContent(panel: panel, items: items, caption: caption)
        case .revenuePerDay:
            let items = figures.revenuePerDay.enumerated().map { day, revenue in
                let amount = currency.flatMap { revenue.totals[$0] } ?? 0
                return DashboardItem(label: dayLabel(figures, day), value: minorUnits(amount),
                                     valueText: currency.map { formatter.money(amount, $0) } ?? "", figure: revenue.figure)
            }
            return DashboardPanelContent(panel: panel, items: items, caption: currencyCaption(figures, currency))
        case .openByAge:
            let items = figures.openByAge.map { bucket in
                DashboardItem(label: bucket.bucket.label, value: bucket.open.count, valueText: formatter.count(bucket.open.count),
                              isHighlighted: (bucket.overdue?.count ?? 0) > 0, figure: bucket.open)
            }
            let overdue = figures.openByAge.compactMap(\.overdue).reduce(0) { $0 + $1.count }
            let caption = figures.openByAge.first?.overdue == nil
                ? "no fulfilment promise set" : "\(formatter.count(overdue)) overdue"
            return DashboardPanelContent(panel: panel, items: items, caption: caption)
        case .assignees:
            // Nobody's orders first, always shown: what triage hands out before anything else.
            let nobody = RankedFigure(name: Self.unassignedLabel, figure: figures.unassigned, overdue: figures.unassignedOverdue)
            let items = ([nobody] + figures.assignees).enumerated().map { position, person in
                var text = formatter.count(person.figure.count)
                if let late = person.overdue, late.count > 0 { text += " · \(formatter.count(late.count)) late" }
                let label = position == 0 ? person.name : TerminalText.neutralized(person.name)
                return DashboardItem(label: label, value: person.figure.count, valueText: text,
                                     isHighlighted: (person.overdue?.count ?? 0) > 0, figure: person.figure)
            }
            return DashboardPanelContent(panel: panel, items: items,
                                         caption: figures.assignees.isEmpty ? "nobody is assigned an open order" : "")
        case .revenueByStatus:
            let items = OrderStatus.allCases.compactMap { status -> DashboardItem? in
                guard let revenue = figures.revenuePerStatus[status] else { return nil }
                let amount = currency.flatMap { revenue.totals[$0] } ?? 0
                let money = currency.map { formatter.money(amount, $0) } ?? ""
                return DashboardItem(label: formatter.label(status), value: minorUnits(amount),
                                     valueText: "\(money) · \(formatter.count(revenue.figure.count))", figure: revenue.figure)
            }
            return DashboardPanelContent(panel: panel, items: items, caption: currencyCaption(figures, currency))
        case .rates:
            let total = figures.periodOrders.count
            let items = [("Refunded", figures.refunded), ("Cancelled", figures.cancelled)].map { label, figure in
                DashboardItem(label: label, value: figure.count,
                              valueText: "\(formatter.count(figure.count)) · \(percent(figure.count, of: total))", figure: figure)
            }
            return DashboardPanelContent(panel: panel, items: items)
        case .topCustomers, .topSKUs:
            let ranked = panel == .topCustomers ? figures.topCustomers : figures.topSKUs
            let items = ranked.map { entry in
                DashboardItem(label: TerminalText.neutralized(entry.name), value: entry.figure.count,
                              valueText: formatter.count(entry.figure.count), figure: entry.figure)
            }
            return DashboardPanelContent(panel: panel, items: items)
        }
    }

    /// The unassigned orders' label, in parentheses so no operator's name can be taken for it.
    static let unassignedLabel = "(unassigned)"

    /// The currency most orders of the period report in (ties by code): amounts in different
    /// currencies cannot be compared, counts can.
    private func mainCurrency(_ figures: DashboardFigures) -> Currency? {
        figures.ordersPerCurrency.max { $0.value != $1.value ? $0.value < $1.value : $0.key.code > $1.key.code }?.key
    }

    private func currencyCaption(_ figures: DashboardFigures, _ currency: Currency?) -> String {
        guard let currency else { return "no revenue in the period" }
        let others = figures.ordersPerCurrency.count - 1
        return others == 0 ? "in \(currency.code)" : "in \(currency.code) (\(others) other currencies not shown)"
    }

    /// The day's date as the list writes dates.
    private func dayLabel(_ figures: DashboardFigures, _ day: Int) -> String {
        let date = formatter.calendar.date(byAdding: .day, value: day, to: figures.periodStart) ?? figures.periodStart
        return formatter.day(date)
    }

    /// A bar's length for an amount: whole minor units, clamped (only relative lengths matter).
    private func minorUnits(_ amount: Decimal) -> Int {
        var cents = min(max(amount * 100, 0), Decimal(Int.max / 2)), rounded = Decimal()
        NSDecimalRound(&rounded, &cents, 0, .plain)
        return NSDecimalNumber(decimal: rounded).intValue
    }

    private func percent(_ part: Int, of whole: Int) -> String {
        guard whole > 0 else { return "–" }
        return (Double(part) * 100 / Double(whole)).formatted(.number.precision(.fractionLength(1)).locale(formatter.locale)) + "%"
    }
}
