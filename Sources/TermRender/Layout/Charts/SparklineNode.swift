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
        let width = min(count, proposal.width ?? count)
        return Size(width: width, height: count == 0 ? 0 : min(1, proposal.height ?? 1))
    }

    override func draw(in rect: Rect, context: inout DrawContext) {
        guard !rect.isEmpty else { return }
        let values = sparkline.values
        let shown = min(values.count, rect.width)
        let first = values.count - shown
        let maximum = ChartScale.maximum(of: values[first...])
        let top = glyphs.levels.count - 1
        for offset in 0..<shown {
            let index = first + offset
            let level = ChartScale.units(values[index], of: maximum, length: top)
            let style = index == sparkline.selection ? styles.selection
                : sparkline.highlighted.contains(index) ? styles.highlighted : styles.bar
            let point = Point(x: rect.minX + offset, y: rect.minY)
            context.put(Glyph(text: glyphs.levels[level], width: 1), at: point, style: style)
            if let id = sparkline.hitRegionID {
                let cell = Rect(x: point.x, y: point.y, width: 1, height: 1).intersection(context.clip)
                if !cell.isEmpty { context.regions.append(HitRegion(id: ChartHit(chart: id, index: index), rect: cell)) }
            }
        }
    }
}
