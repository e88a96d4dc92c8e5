/// Scaling a value to a length in cells or eighths of a cell, shared by the charts.
enum ChartScale {
    /// `value` as a share of `maximum` times `length`, rounded down; any positive value gets at least 1,
    /// so a small non-zero count never looks like zero. Never traps.
    static func units(_ value: Int, of maximum: Int, length: Int) -> Int {
        guard value > 0, maximum > 0, length > 0 else { return 0 }
        let clamped = min(value, maximum)
        let (product, overflow) = clamped.multipliedReportingOverflow(by: length)
        // Exact in integers; only sums near Int.max fall back to a ratio in floating point.
        let scaled = overflow ? Int((Double(clamped) / Double(maximum) * Double(length)).rounded(.down)) : product / maximum
        return max(1, min(length, scaled))
    }

    /// The largest value, or 0 for none (negative values count as zero).
    static func maximum(of values: some Sequence<Int>) -> Int {
        values.reduce(0) { max($0, $1) }
    }
}
