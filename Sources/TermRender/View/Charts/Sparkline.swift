/// One row of block characters (`▁▂▃▄▅▆▇█`, or `_.-=#` in ASCII), one per value, scaled to the largest.
///
/// It is as wide as its values; offered fewer columns it shows the last ones (the most recent, when
/// values run oldest to newest). Zero draws the lowest level, so every value has a cell.
/// `stretched()` lets it take the width offered: each value then gets as many cells as fit for
/// every value alike (the width divided by the count, whole cells, so no day looks longer than
/// another), the cells left over staying blank at the right.
public struct Sparkline: View, PrimitiveView {
    let values: [Int]
    let selection: Int?
    let highlighted: Set<Int>
    var hitRegionID: AnyHashable?
    var stretches = false

    /// A sparkline of `values`; `selection` is drawn in reverse video and `highlighted` in the danger style.
    public init(values: [Int], selection: Int? = nil, highlighted: Set<Int> = []) {
        self.values = values
        self.selection = selection
        self.highlighted = highlighted
    }

    /// Records each visible value's cell as a `ChartHit` region under `id`.
    public func hitRegions<ID: Hashable & Sendable>(id: ID) -> Sparkline {
        var copy = self
        copy.hitRegionID = AnyHashable(id)
        return copy
    }

    /// Takes the width offered, each value as many cells wide as fit for all.
    public func stretched() -> Sparkline {
        var copy = self
        copy.stretches = true
        return copy
    }

    /// Cells per value at `width`: one, or as many as fit for every value when stretched.
    func cellsPerValue(width: Int) -> Int {
        stretches && !values.isEmpty ? max(1, width / values.count) : 1
    }

    public var body: Never { fatalError("Sparkline is primitive") }

    func makeNodes(_ context: ResolveContext, into nodes: inout [LayoutNode]) {
        nodes.append(SparklineNode(sparkline: self, glyphs: context.environment.chartGlyphs,
                                   styles: ChartStyles(environment: context.environment)))
    }
}
