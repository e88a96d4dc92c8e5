extension Int64 {
    /// self + other, or nil where plain `+` would trap. Money sums in minor units use
    /// these, so an amount out of range becomes a refusal with a message.
    package func addingChecked(_ other: Int64) -> Int64? {
        let (result, overflow) = addingReportingOverflow(other)
        return overflow ? nil : result
    }

    /// self − other, or nil on overflow.
    package func subtractingChecked(_ other: Int64) -> Int64? {
        let (result, overflow) = subtractingReportingOverflow(other)
        return overflow ? nil : result
    }

    /// self × other, or nil on overflow.
    package func multipliedChecked(by other: Int64) -> Int64? {
        let (result, overflow) = multipliedReportingOverflow(by: other)
        return overflow ? nil : result
    }
}
