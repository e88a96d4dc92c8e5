final class BarChartNode: LayoutNode {
    let chart: BarChart
    let glyphs: ChartGlyphs
    let styles: ChartStyles
    let labelWidth: Int
    let valueWidth: Int

    init(chart: BarChart, glyphs: ChartGlyphs, styles: ChartStyles) {
        self.chart = chart
        self.glyphs = glyphs
        self.styles = styles
        labelWidth = ChartScale.maximum(of: chart.bars.lazy.map { ChartText.width($0.label) })
        valueWidth = ChartScale.maximum(of: chart.bars.lazy.map { ChartText.width($0.valueText) })
    }

    override var debugLabel: String { "BarChart \(chart.bars.count) bars" }

    override func measure(_ proposal: ProposedSize) -> Size {
        let gaps = (labelWidth > 0 ? 1 : 0) + (valueWidth > 0 ? 1 : 0)
        let ideal = labelWidth + valueWidth + gaps + BarChartLayout.idealBarWidth
        let count = chart.bars.count
        // Like a progress bar, it takes the width on offer: longer bars read better.
        return Size(width: proposal.width ?? ideal, height: min(count, proposal.height ?? count))
    }

    override func draw(in rect: Rect, context: inout DrawContext) {
        guard !rect.isEmpty else { return }
        let layout = BarChartLayout(width: rect.width, labelWidth: labelWidth, valueWidth: valueWidth)
        let shown = min(chart.bars.count, rect.height)
        let maximum = ChartScale.maximum(of: chart.bars[..<shown].lazy.map(\.value))
        let barX = rect.minX + (layout.labelWidth > 0 ? layout.labelWidth + 1 : 0)
        for index in 0..<shown {
            let bar = chart.bars[index]
            let y = rect.minY + index
            if layout.labelWidth > 0 {
                let style = index == chart.selection ? styles.selection : styles.label
                if index == chart.selection { context.fill(Rect(x: rect.minX, y: y, width: layout.labelWidth, height: 1), style: style) }
                TextLayout.draw(ChartText.fitted(bar.label, width: layout.labelWidth, style: style),
                                at: Point(x: rect.minX, y: y), context: &context)
            }
            let barStyle = bar.isHighlighted ? styles.highlighted : styles.bar
            let barEnd = drawBar(value: bar.value, maximum: maximum, at: Point(x: barX, y: y),
                                 width: layout.barWidth, style: barStyle, context: &context)
            if layout.valueWidth > 0 {
                // Right-aligned, so the digits of all values line up.
                let text = ChartText.line(bar.valueText, style: bar.isHighlighted ? styles.highlighted : styles.value)
                let x = rect.maxX - TextLayout.width(of: text)
                TextLayout.draw(text, at: Point(x: max(x, barEnd), y: y), context: &context)
            }
            if let id = chart.hitRegionID {
                let row = Rect(x: rect.minX, y: y, width: rect.width, height: 1).intersection(context.clip)
                if !row.isEmpty { context.regions.append(HitRegion(id: ChartHit(chart: id, index: index), rect: row)) }
            }
        }
    }

    /// Draws one bar from `point`; returns the column after its last cell.
    private func drawBar(value: Int, maximum: Int, at point: Point, width: Int, style: Style,
                         context: inout DrawContext) -> Int {
        let step = glyphs.drawsEighths ? 8 : 1
        let units = ChartScale.units(value, of: maximum, length: width * step)
        let full = units / step
        let partial = units % step
        for column in 0..<full {
            context.put(Glyph(text: glyphs.full, width: 1), at: Point(x: point.x + column, y: point.y), style: style)
        }
        guard partial > 0 else { return point.x + full }
        context.put(Glyph(text: glyphs.horizontalEighths[partial], width: 1),
                    at: Point(x: point.x + full, y: point.y), style: style)
        return point.x + full + 1
    }
}
