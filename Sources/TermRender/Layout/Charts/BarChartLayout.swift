/// How a `BarChart` shares its width between labels, bars and value texts.
struct BarChartLayout: Equatable {
    /// Columns for the label, without the gap after it (0: no labels).
    var labelWidth: Int
    /// Columns for the bar.
    var barWidth: Int
    /// Columns for the value text, without the gap before it (0: no values).
    var valueWidth: Int

    init(labelWidth: Int, barWidth: Int, valueWidth: Int) {
        self.labelWidth = labelWidth
        self.barWidth = barWidth
        self.valueWidth = valueWidth
    }

    /// The bar length a chart asks for when nobody proposes a width.
    static let idealBarWidth = 20

    /// The split of `width` for labels at most `labelWidth` and values at most `valueWidth` wide.
    ///
    /// The bar keeps at least a third of the width; labels give way first (cut, then dropped),
    /// then the values, which are never cut (a cut number would read as another number).
    init(width: Int, labelWidth wantedLabel: Int, valueWidth wantedValue: Int) {
        let width = max(0, width)
        let room = width - max(1, width / 3)
        let value = wantedValue > 0 ? wantedValue + 1 : 0
        let label = wantedLabel > 0 ? wantedLabel + 1 : 0
        if label + value <= room {
            labelWidth = wantedLabel
            valueWidth = wantedValue
        } else if value + 3 <= room {
            // Room for at least two label columns and the gap: cut the labels.
            labelWidth = room - value - 1
            valueWidth = wantedValue
        } else if value <= room && value > 0 {
            labelWidth = 0
            valueWidth = wantedValue
        } else {
            labelWidth = 0
            valueWidth = 0
        }
        let gaps = (labelWidth > 0 ? 1 : 0) + (valueWidth > 0 ? 1 : 0)
        barWidth = max(0, width - labelWidth - valueWidth - gaps)
    }
}
