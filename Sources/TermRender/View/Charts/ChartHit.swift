/// The id of one bar's hit region in a chart given `hitRegions(id:)`, so a click (or Enter on the
/// selected bar) can be mapped back to the data behind it.
public struct ChartHit: Hashable {
    /// The id given to the chart with `hitRegions(id:)`.
    public var chart: AnyHashable
    /// The bar's index in the chart's data.
    public var index: Int

    public init(chart: AnyHashable, index: Int) {
        self.chart = chart
        self.index = index
    }
}
