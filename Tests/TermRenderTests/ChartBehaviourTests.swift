import Testing
@testable import TermRender

/// What the charts promise beyond their pictures: scaling, shrinking, hit regions, hostile text.
@MainActor
@Suite struct ChartBehaviourTests {
    @Test func sparklineScalesToTheLargestAndShowsTheLatestValuesWhenNarrow() {
        expectScreen(renderLines(Sparkline(values: [0, 1, 2, 3, 4, 5, 6, 7, 700]), width: 9, height: 1),
                     ["▁▂▂▂▂▂▂▂█"])
        expectScreen(renderLines(Sparkline(values: [0, 1, 2, 3, 4, 5, 6, 7]), width: 8, height: 1),
                     ["▁▂▃▄▅▆▇█"])
        // Four columns show the last four values, scaled among themselves.
        expectScreen(renderLines(Sparkline(values: [100, 0, 1, 2, 3, 4]), width: 4, height: 1), ["▂▄▆█"])
        var ascii = EnvironmentValues()
        ascii.chartGlyphs = .ascii
        expectScreen(renderLines(Sparkline(values: [0, 1, 2, 3, 4]), width: 6, height: 1, environment: ascii),
                     ["_.-=# "])
    }

    /// Stretched, each value takes width ÷ count whole cells (14 ÷ 4 = 3), the 2 left over blank;
    /// narrower than the values it shows the latest, one cell each, as unstretched; a click on any
    /// of a value's cells names that value.
    @Test func aStretchedSparklineGivesEveryValueTheSameWholeCells() throws {
        expectScreen(renderLines(Sparkline(values: [1, 2, 3, 4]).stretched(), width: 14, height: 1), ["▂▂▂▄▄▄▆▆▆███  "])
        expectScreen(renderLines(Sparkline(values: [0, 1, 2, 3, 4, 5, 6, 7]).stretched(), width: 8, height: 1), ["▁▂▃▄▅▆▇█"])
        expectScreen(renderLines(Sparkline(values: [100, 0, 1, 2, 3, 4]).stretched(), width: 4, height: 1), ["▂▄▆█"])
        let (_, regions) = FrameRenderer.renderWithRegions(Sparkline(values: [1, 2]).hitRegions(id: "spark").stretched(),
                                                           size: Size(width: 7, height: 1))
        #expect(regions.map(\.rect) == [Rect(x: 0, y: 0, width: 3, height: 1), Rect(x: 3, y: 0, width: 3, height: 1)])
        #expect(try #require(regions.topmost(at: Point(x: 5, y: 0))).id == AnyHashable(ChartHit(chart: "spark", index: 1)))
    }

    @Test func noneOfTheChartsDrawsIntoAZeroSizedArea() {
        let bars = [ChartBar(label: "a", value: 1, valueText: "1")]
        for size in [Size(width: 0, height: 0), Size(width: 0, height: 3), Size(width: 5, height: 0)] {
            let view = VStack(spacing: 0) {
                Sparkline(values: [1, 2])
                BarChart(bars: bars)
                Histogram(buckets: bars)
            }
            #expect(FrameRenderer.render(view, size: size).lines == Array(repeating: String(repeating: " ", count: size.width), count: size.height))
        }
    }

    @Test func barChartGivesWayLabelsFirstThenValues() {
        // Full: labels 10 wide, bar, values 5 wide.
        #expect(BarChartLayout(width: 40, labelWidth: 10, valueWidth: 5) == BarChartLayout(labelWidth: 10, barWidth: 23, valueWidth: 5))
        // Labels cut so the bar keeps a third.
        #expect(BarChartLayout(width: 15, labelWidth: 10, valueWidth: 3) == BarChartLayout(labelWidth: 5, barWidth: 5, valueWidth: 3))
        // No room for two label columns: labels dropped, the value kept whole.
        #expect(BarChartLayout(width: 9, labelWidth: 10, valueWidth: 4) == BarChartLayout(labelWidth: 0, barWidth: 4, valueWidth: 4))
        // Not even the value fits: the bar alone.
        #expect(BarChartLayout(width: 4, labelWidth: 10, valueWidth: 4) == BarChartLayout(labelWidth: 0, barWidth: 4, valueWidth: 0))
        #expect(BarChartLayout(width: 0, labelWidth: 10, valueWidth: 4) == BarChartLayout(labelWidth: 0, barWidth: 0, valueWidth: 0))
    }

    @Test func barsEndInEighthsAndATinyValueStillShows() {
        let bars = [ChartBar(label: "a", value: 80, valueText: "80"),
                    ChartBar(label: "b", value: 45, valueText: "45"),
                    ChartBar(label: "c", value: 1, valueText: "1"),
                    ChartBar(label: "d", value: 0, valueText: "0"),
                    ChartBar(label: "e", value: -5, valueText: "-5")]
        expectScreen(renderLines(BarChart(bars: bars), width: 15, height: 5), [
            "a ██████████ 80",
            "b █████▋     45",
            "c ▏           1",
            "d             0",
            "e            -5",
        ])
        var ascii = EnvironmentValues()
        ascii.chartGlyphs = .ascii
        expectScreen(renderLines(BarChart(bars: bars), width: 15, height: 3, environment: ascii), [
            "a ########## 80",
            "b #####      45",
            "c #           1",
        ])
    }

    @Test func chartsNameEachBarForHitTesting() {
        let bars = [ChartBar(label: "x", value: 2), ChartBar(label: "y", value: 1), ChartBar(label: "z", value: 3)]
        let view = VStack(alignment: .leading, spacing: 0) {
            Sparkline(values: [1, 2, 3]).hitRegions(id: "spark")
            BarChart(bars: bars).hitRegions(id: "bars").frame(height: 2)
            Histogram(buckets: bars).hitRegions(id: "histogram")
        }
        let (_, regions) = FrameRenderer.renderWithRegions(view, size: Size(width: 11, height: 6))
        #expect(regions.map(\.id) == [
            ChartHit(chart: "spark", index: 0), ChartHit(chart: "spark", index: 1), ChartHit(chart: "spark", index: 2),
            ChartHit(chart: "bars", index: 0), ChartHit(chart: "bars", index: 1),
            ChartHit(chart: "histogram", index: 0), ChartHit(chart: "histogram", index: 1), ChartHit(chart: "histogram", index: 2),
        ].map { AnyHashable($0) })
        #expect(regions.map(\.rect) == [
            Rect(x: 0, y: 0, width: 1, height: 1), Rect(x: 1, y: 0, width: 1, height: 1), Rect(x: 2, y: 0, width: 1, height: 1),
            Rect(x: 0, y: 1, width: 11, height: 1), Rect(x: 0, y: 2, width: 11, height: 1),
            Rect(x: 0, y: 3, width: 3, height: 3), Rect(x: 4, y: 3, width: 3, height: 3), Rect(x: 8, y: 3, width: 3, height: 3),
        ])
        #expect(regions.topmost(at: Point(x: 9, y: 5))?.id == AnyHashable(ChartHit(chart: "histogram", index: 2)))
    }

    @Test func histogramLeavesOutValuesThatDoNotFitAndCutsLabels() {
        let buckets = [ChartBar(label: "Monday", value: 8, valueText: "8"),
                       ChartBar(label: "Tuesday", value: 4, valueText: "1,234")]
        expectScreen(renderLines(Histogram(buckets: buckets), width: 9, height: 4), [
            " 8       ",
            "████     ",
            "████ ████",
            "Mon… Tue…",
        ])
    }
}
