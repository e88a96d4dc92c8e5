/// The characters charts are drawn with: block elements, or ASCII for terminals that cannot show them.
///
/// The app decides which set a terminal gets (vt100, the Linux console and non-UTF-8 locales get
/// `.ascii`, as for every other mark) and puts it in the environment with
/// `.environment(\.chartGlyphs, …)`.
public struct ChartGlyphs: Hashable, Sendable {
    /// Sparkline levels from lowest to highest; the lowest also stands for zero.
    public var levels: [String]
    /// A whole cell of a bar.
    public var full: String
    /// The end of a horizontal bar, by eighths of a cell (index 1…7); empty when only whole cells can be drawn.
    public var horizontalEighths: [String]
    /// The top of a vertical bar, by eighths of a cell (index 1…7); empty when only whole cells can be drawn.
    public var verticalEighths: [String]

    public init(levels: [String], full: String, horizontalEighths: [String], verticalEighths: [String]) {
        self.levels = levels.isEmpty ? [full] : levels
        self.full = full
        self.horizontalEighths = horizontalEighths
        self.verticalEighths = verticalEighths
    }

    /// Unicode block elements: eight sparkline levels and bars that end in eighths of a cell.
    public static let unicode = ChartGlyphs(
        levels: ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"],
        full: "█",
        horizontalEighths: ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"],
        verticalEighths: ["", "▁", "▂", "▃", "▄", "▅", "▆", "▇"])

    /// Plain ASCII: five sparkline levels and bars of whole `#` cells.
    public static let ascii = ChartGlyphs(levels: ["_", ".", "-", "=", "#"], full: "#",
                                          horizontalEighths: [], verticalEighths: [])

    /// Whether bars can end in part of a cell.
    var drawsEighths: Bool { horizontalEighths.count == 8 && verticalEighths.count == 8 }
}

private struct ChartGlyphsKey: EnvironmentKey {
    static let defaultValue = ChartGlyphs.unicode
}

extension EnvironmentValues {
    /// The characters charts are drawn with.
    public var chartGlyphs: ChartGlyphs {
        get { self[ChartGlyphsKey.self] }
        set { self[ChartGlyphsKey.self] = newValue }
    }
}
