/// Horizontal bars, one row each: label, a bar of `█` ending in eighths of a cell, and the value text.
///
/// It takes the width on offer. Offered less room than its labels and values need, it keeps the bars at a third of the width at least: labels are cut with `…`
/// first, then dropped, then the value texts are dropped. Offered fewer rows than bars it shows the
/// first ones. Bars are scaled to the largest value shown.
public struct BarChart: View, PrimitiveView {
    let bars: [ChartBar]
    let selection: Int?
    var hitRegionID: AnyHashable?

    /// A chart of `bars`, top to bottom; the `selection` bar's label is drawn in reverse video.
    public init(bars: [ChartBar], selection: Int? = nil) {
        self.bars = bars
        self.selection = selection
    }

    /// Records each visible bar's row as a `ChartHit` region under `id`.
    public func hitRegions<ID: Hashable & Sendable>(id: ID) -> BarChart {
        var copy = self
        copy.hitRegionID = AnyHashable(id)
        return copy
    }

    public var body: Never { fatalError("BarChart is primitive") }

    func makeNodes(_ context: ResolveContext, into nodes: inout [LayoutNode]) {
        nodes.append(BarChartNode(chart: self, glyphs: context.environment.chartGlyphs,
                                  styles: ChartStyles(environment: context.environment)))
    }
}
