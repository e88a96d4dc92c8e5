/// Compares screens written as arrays of strings and explains the difference readably.
public enum ScreenComparison {
    /// Nil when `actual` equals `expected`; otherwise every row of both, with differing rows marked.
    public static func mismatch(actual: [String], expected: [String]) -> String? {
        guard actual != expected else { return nil }
        var report = "screen differs (\(actual.count) rows, expected \(expected.count)):\n"
        for row in 0..<max(actual.count, expected.count) {
            let got = row < actual.count ? "\"\(actual[row])\"" : "(none)"
            let want = row < expected.count ? "\"\(expected[row])\"" : "(none)"
            let marker = got == want ? "  " : "✗ "
            report += "\(marker)\(row): \(got)\n"
            if got != want { report += "   want \(want)\n" }
        }
        return report
    }
}
