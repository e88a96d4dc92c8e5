extension Duration {
    /// The whole duration in nanoseconds, saturating.
    var totalNanoseconds: Int64 {
        let (seconds, attoseconds) = components
        let (scaled, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        return overflow ? Int64.max : scaled + attoseconds / 1_000_000_000
    }
}
