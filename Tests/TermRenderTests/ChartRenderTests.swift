import TermRender
import TermRenderTesting
import Testing

/// Every chart at three sizes, in colour with block characters and in monochrome with ASCII,
/// compared as whole screens with their styles (snapshot files in Tests/Snapshots/TermRenderTests).
@MainActor
@Suite struct ChartRenderTests {
    nonisolated static let sizes = [Size(width: 20, height: 3), Size(width: 40, height: 8), Size(width: 120, height: 20)]

    /// Orders per day over two weeks, today last.
    static let perDay = [12, 15, 9, 0, 22, 31, 28, 14, 17, 3, 0, 26, 35, 40]

    /// Open orders by age, the oldest bucket overdue.
    static let ages = [
        ChartBar(label: "<1d", value: 412, valueText: "412"),
        ChartBar(label: "1–2d", value: 230, valueText: "230"),
        ChartBar(label: "2–3d", value: 97, valueText: "97"),
        ChartBar(label: "3–7d", value: 41, valueText: "41", isHighlighted: true),
        ChartBar(label: ">7d", value: 6, valueText: "6", isHighlighted: true),
    ]

    /// Top customers: long, wide and hostile labels, money already formatted.
    static let customers = [
        ChartBar(label: "Seán Pemberton-Smythe", value: 1_234_567, valueText: "€12,345.67"),
        ChartBar(label: "黄秀英", value: 987_654, valueText: "€9,876.54"),
        ChartBar(label: "Evil\u{1B}[2JCo", value: 10_001, valueText: "€100.01"),
        ChartBar(label: "Olivia Thompson", value: 1, valueText: "€0.01", isHighlighted: true),
    ]

    static func colour() -> EnvironmentValues { EnvironmentValues() }

    static func monochromeASCII() -> EnvironmentValues {
        var environment = EnvironmentValues()
        environment.theme = .monochrome
        environment.colorCapability = .none
        environment.chartGlyphs = .ascii
        return environment
    }

    func render(_ view: some View, _ size: Size, _ environment: EnvironmentValues) -> Buffer {
        FrameRenderer.render(view, size: size, environment: environment)
    }

    @Test(arguments: sizes)
    func sparkline(size: Size) {
        let view = Sparkline(values: Self.perDay, selection: Self.perDay.count - 1, highlighted: [3, 10])
        expectSnapshot(render(view, size, Self.colour()), named: "sparkline-\(size.width)x\(size.height)")
        expectSnapshot(render(view, size, Self.monochromeASCII()), named: "sparkline-ascii-\(size.width)x\(size.height)")
    }

    @Test(arguments: sizes)
    func barChart(size: Size) {
        let view = VStack(spacing: 0) {
            BarChart(bars: Self.ages, selection: 1)
            BarChart(bars: Self.customers)
        }
        expectSnapshot(render(view, size, Self.colour()), named: "barchart-\(size.width)x\(size.height)")
        expectSnapshot(render(view, size, Self.monochromeASCII()), named: "barchart-ascii-\(size.width)x\(size.height)")
    }

    @Test(arguments: sizes)
    func histogram(size: Size) {
        let view = Histogram(buckets: Self.ages, selection: 4)
        expectSnapshot(render(view, size, Self.colour()), named: "histogram-\(size.width)x\(size.height)")
        expectSnapshot(render(view, size, Self.monochromeASCII()), named: "histogram-ascii-\(size.width)x\(size.height)")
    }
}
