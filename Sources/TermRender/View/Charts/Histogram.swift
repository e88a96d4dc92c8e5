/// Vertical bars over buckets, labels underneath and value texts above, bars scaled to the largest value.
///
/// The buckets share the width equally, one column apart when there is room; a label or value text
/// wider than its bucket is cut (labels, with `…`) or left out (values: a cut number would read as
/// another number). Offered fewer columns than buckets it shows the first ones; below four rows the
/// value texts, and below two the labels, give their rows to the bars.
public struct Histogram: View, PrimitiveView {
    let buckets: [ChartBar]
    let selection: Int?
    var hitRegionID: AnyHashable?

    /// A histogram of `buckets`, left to right; the `selection` bucket's label is drawn in reverse video.
    public init(buckets: [ChartBar], selection: Int? = nil) {
        self.buckets = buckets
        self.selection = selection
    }

    /// Records each visible bucket's column (bar, value and label) as a `ChartHit` region under `id`.
    public func hitRegions<ID: Hashable & Sendable>(id: ID) -> Histogram {
        var copy = self
        copy.hitRegionID = AnyHashable(id)
        return copy
    }

    public var body: Never { fatalError("Histogram is primitive") }

    func makeNodes(_ context: ResolveContext, into nodes: inout [LayoutNode]) {
        nodes.append(HistogramNode(histogram: self, glyphs: context.environment.chartGlyphs,
                                   styles: ChartStyles(environment: context.environment)))
    }
}
