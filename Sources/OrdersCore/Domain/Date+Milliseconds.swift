import Foundation

extension Date {
    /// The instant `milliseconds` after 1970-01-01T00:00:00Z. Every store and file
    /// format builds dates this one way, so a date read back equals the one written.
    public init(millisecondsSince1970 milliseconds: Int64) {
        self.init(timeIntervalSince1970: Double(milliseconds) / 1000)
    }

    /// Whole milliseconds since 1970 (rounded down): the precision orders keep.
    public var millisecondsSince1970: Int64 {
        let exact = timeIntervalSince1970 * 1000
        let nearest = exact.rounded()
        // `Date` keeps seconds since 2001 as a Double, so a whole-millisecond date
        // reads back a few ulps (~0.0003 ms) either side of its integer: snap those.
        if abs(exact - nearest) < 0.01 { return Int64(nearest) }
        return Int64(exact.rounded(.down))
    }

    /// This instant truncated to whole milliseconds, in the canonical form above.
    public var wholeMilliseconds: Date {
        Date(millisecondsSince1970: millisecondsSince1970)
    }
}
