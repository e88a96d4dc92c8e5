final class HistogramNode: LayoutNode {
    let histogram: Histogram
    let glyphs: ChartGlyphs
    let styles: ChartStyles

    /// The height a histogram asks for when nobody proposes one.
    static let idealHeight = 8

    init(histogram: Histogram, glyphs: ChartGlyphs, styles: ChartStyles) {
        self.histogram = histogram
        self.glyphs = glyphs
        self.styles = styles
    }

    override var debugLabel: String { "Histogram \(histogram.buckets.count) buckets" }

    override func measure(_ proposal: ProposedSize) -> Size {
        let buckets = histogram.buckets
        let widest = ChartScale.maximum(of: buckets.lazy.flatMap { [ChartText.width($0.label), ChartText.width($0.valueText)] })
        let ideal = buckets.isEmpty ? 0 : buckets.count * max(3, widest) + buckets.count - 1
        // It takes the space on offer: wider buckets and taller bars read better.
        return Size(width: proposal.width ?? ideal, height: proposal.height ?? Self.idealHeight)
    }

    override func draw(in rect: Rect, context: inout DrawContext) {
        let buckets = histogram.buckets
        guard !rect.isEmpty, !buckets.isEmpty else { return }
        // One column between buckets when each still gets two columns; otherwise none.
        let gap = rect.width >= buckets.count * 3 - 1 ? 1 : 0
        let shown = min(buckets.count, (rect.width + gap) / (1 + gap))
        let columnWidth = (rect.width + gap) / shown - gap
        let labelRow = rect.height >= 2 ? rect.maxY - 1 : nil
        let valueRow = rect.height >= 4 ? rect.minY : nil
        let barTop = rect.minY + (valueRow == nil ? 0 : 1)
        let barBottom = labelRow ?? rect.maxY
        let barHeight = barBottom - barTop
        let maximum = ChartScale.maximum(of: buckets[..<shown].lazy.map(\.value))
        for index in 0..<shown {
            let bucket = buckets[index]
            let x = rect.minX + index * (columnWidth + gap)
            let barStyle = bucket.isHighlighted ? styles.highlighted : styles.bar
            drawBar(value: bucket.value, maximum: maximum, x: x, width: columnWidth,
                    bottom: barBottom, height: barHeight, style: barStyle, context: &context)
            if let valueRow, !bucket.valueText.isEmpty, ChartText.width(bucket.valueText) <= columnWidth {
                let text = ChartText.line(bucket.valueText, style: bucket.isHighlighted ? styles.highlighted : styles.value)
                TextLayout.draw(text, at: Point(x: x + (columnWidth - TextLayout.width(of: text)) / 2, y: valueRow), context: &context)
            }
            if let labelRow {
                let selected = index == histogram.selection
                let style = selected ? styles.selection : styles.label
                if selected { context.fill(Rect(x: x, y: labelRow, width: columnWidth, height: 1), style: style) }
                let text = ChartText.fitted(bucket.label, width: columnWidth, style: style)
                TextLayout.draw(text, at: Point(x: x + (columnWidth - TextLayout.width(of: text)) / 2, y: labelRow), context: &context)
            }
            if let id = histogram.hitRegionID {
                let column = Rect(x: x, y: rect.minY, width: columnWidth, height: rect.height).intersection(context.clip)
                if !column.isEmpty { context.regions.append(HitRegion(id: ChartHit(chart: id, index: index), rect: column)) }
            }
        }
    }

    /// Draws one bucket's bar upwards from the row above `bottom`.
    private func drawBar(value: Int, maximum: Int, x: Int, width: Int, bottom: Int, height: Int, style: Style,
                         context: inout DrawContext) {
        let step = glyphs.drawsEighths ? 8 : 1
        let units = ChartScale.units(value, of: maximum, length: height * step)
        let full = units / step
        let partial = units % step
        for row in 0..<full {
            for column in 0..<width {
                context.put(Glyph(text: glyphs.full, width: 1), at: Point(x: x + column, y: bottom - 1 - row), style: style)
            }
        }
        guard partial > 0 else { return }
        for column in 0..<width {
            context.put(Glyph(text: glyphs.verticalEighths[partial], width: 1),
                        at: Point(x: x + column, y: bottom - 1 - full), style: style)
        }
    }
}
