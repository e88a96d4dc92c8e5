final class SparklineNode: LayoutNode {
    let sparkline: Sparkline
    let glyphs: ChartGlyphs
    let styles: ChartStyles

    init(sparkline: Sparkline, glyphs: ChartGlyphs, styles: ChartStyles) {
        self.sparkline = sparkline
        self.glyphs = glyphs
        self.styles = styles
    }

    override var debugLabel: String { "Sparkline \(sparkline.values.count) values" }

    override func measure(_ proposal: ProposedSize) -> Size {
        let count = sparkline.values.count
        let wanted = sparkline.stretches ? max(count, proposal.width ?? count) : count
        let width = min(wanted, proposal.width ?? wanted)
        return Size(width: width, height: count == 0 ? 0 : min(1, proposal.height ?? 1))
    }

    override func draw(in rect: Rect, context: inout DrawContext) {
        guard !rect.isEmpty else { return }
        let values = sparkline.values
        let cells = sparkline.cellsPerValue(width: rect.width)
        let shown = min(values.count, rect.width / cells)
        let first = values.count - shown
        let maximum = ChartScale.maximum(of: values[first...])
        let top = glyphs.levels.count - 1
        for offset in 0..<shown {
            let index = first + offset
            let level = ChartScale.units(values[index], of: maximum, length: top)
            let style = index == sparkline.selection ? styles.selection
                : sparkline.highlighted.contains(index) ? styles.highlighted : styles.bar
            let point = Point(x: rect.minX + offset * cells, y: rect.minY)
            for cell in 0..<cells {
                context.put(Glyph(text: glyphs.levels[level], width: 1), at: Point(x: point.x + cell, y: point.y), style: style)
            }
            if let id = sparkline.hitRegionID {
                let cell = Rect(x: point.x, y: point.y, width: cells, height: 1).intersection(context.clip)
                if !cell.isEmpty { context.regions.append(HitRegion(id: ChartHit(chart: id, index: index), rect: cell)) }
            }
        }
    }
}
