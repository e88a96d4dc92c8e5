import Foundation

/// The sum of the totals of exactly the orders `figure.query` selects, one sum per currency.
///
/// Today's order model has no shop currency and orders come in many: a sum is kept per currency
/// (never converted), so every sum is exact and the figure's orders are exactly those summed. A
/// screen shows the shop's currency (or the largest) and says how many others there are. Sums are
/// `Decimal`: a million totals of up to 10^12 would overflow integer minor units.
public struct RevenueFigure: Hashable, Sendable {
    public var figure: DashboardFigure
    public var totals: [Currency: Decimal]

    public init(figure: DashboardFigure, totals: [Currency: Decimal]) {
        self.figure = figure
        self.totals = totals
    }
}
