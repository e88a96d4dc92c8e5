import Foundation

/// A running sum of the index's totals (integers of 10⁻⁴, `OrderIndex.totalFactor`), exact: integer
/// additions while they fit, the rest carried in `Decimal`, so summing a million totals costs a
/// million integer additions, not a million `Decimal` ones.
struct ScaledSum {
    private var scaled: Int64 = 0
    private var carried: Decimal = 0
    private(set) var isEmpty = true

    /// Adds one row's total: `scaled` from the index's column, or `exact` for a row whose total did not fit it.
    mutating func add(_ scaled: Int64, exact: Decimal?) {
        isEmpty = false
        if let exact {
            carried += exact
            return
        }
        let (sum, overflow) = self.scaled.addingReportingOverflow(scaled)
        if overflow {
            carried += Decimal(self.scaled) / OrderIndex.totalFactor
            self.scaled = scaled
        } else {
            self.scaled = sum
        }
    }

    var value: Decimal { Decimal(scaled) / OrderIndex.totalFactor + carried }
}
