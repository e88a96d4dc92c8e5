import Foundation
import OrdersCore

extension OrderIndex {
    /// Counts per status of a result (after toggles) and money sums of the rows a tab shows.
    struct Tally {
        /// Indexed by `OrderStatus.workflowRank`.
        var countsByStatus: [Int]
        var totalsByCurrency: [String: Decimal]
    }

    /// Whether a row passes the list's toggles.
    @inline(__always)
    private func passesToggles(_ row: Int, flaggedOnly: Bool, highValueAbove threshold: Decimal?, scaled: Int64) -> Bool {
        let rowFlags = flags[row]
        if flaggedOnly, rowFlags & RowFlags.flagged.rawValue == 0 { return false }
        if let threshold {
            let isHigh = rowFlags & RowFlags.exactTotal.rawValue != 0 ? total(Slot(row)) > threshold : totals[row] > scaled
            if !isHigh { return false }
        }
        return true
    }

    /// Counts the members of `set` per status (those passing the toggles) and sums
    /// the totals of those the status mask shows, per currency, exactly.
    func tally(of set: SlotSet, statusMask: StatusMask, flaggedOnly: Bool, highValueAbove threshold: Decimal?) -> Tally {
        let scaled = threshold.map { Self.scaledThreshold($0, roundingUp: false) } ?? 0
        var counts = [Int](repeating: 0, count: OrderStatus.allCases.count)
        var sums = [Int64](repeating: 0, count: currencyTable.count + 1)
        var exactSums: [Int: Decimal] = [:]
        let toggles = flaggedOnly || threshold != nil
        let rowCount = count
        // Raw buffers: this runs over every match on each key typed, up to a million rows.
        statuses.withUnsafeBufferPointer { statuses in
            currencies.withUnsafeBufferPointer { currencies in
                flags.withUnsafeBufferPointer { flags in
                    totals.withUnsafeBufferPointer { totals in
                        counts.withUnsafeMutableBufferPointer { counts in
                            sums.withUnsafeMutableBufferPointer { sums in
                                set.forEach { slot in
                                    let row = Int(slot)
                                    guard row < rowCount else { return }
                                    if toggles, !passesToggles(row, flaggedOnly: flaggedOnly, highValueAbove: threshold,
                                                               scaled: scaled) { return }
                                    let status = statuses[row]
                                    counts[Int(status)] += 1
                                    guard statusMask.contains(rank: status) else { return }
                                    let currency = Int(currencies[row])
                                    if flags[row] & RowFlags.exactTotal.rawValue != 0 {
                                        exactSums[currency, default: 0] += total(slot)
                                        return
                                    }
                                    let (sum, overflow) = sums[currency].addingReportingOverflow(totals[row])
                                    if overflow {
                                        // Move the running sum into Decimal and keep going in integers.
                                        exactSums[currency, default: 0] += Decimal(sums[currency]) / Self.totalFactor
                                        sums[currency] = totals[row]
                                    } else {
                                        sums[currency] = sum
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        var totalsByCurrency: [String: Decimal] = [:]
        for (index, currency) in currencyTable.enumerated() where sums[index] != 0 || exactSums[index] != nil {
            totalsByCurrency[currency.code] = Decimal(sums[index]) / Self.totalFactor + (exactSums[index] ?? 0)
        }
        return Tally(countsByStatus: counts, totalsByCurrency: totalsByCurrency)
    }

    /// The slots of `ordered` a status tab and the toggles show, in the same order.
    func filter(_ ordered: [Slot], statusMask: StatusMask, flaggedOnly: Bool, highValueAbove threshold: Decimal?) -> [Slot] {
        let scaled = threshold.map { Self.scaledThreshold($0, roundingUp: false) } ?? 0
        let toggles = flaggedOnly || threshold != nil
        return statuses.withUnsafeBufferPointer { statuses in
            ordered.filter { slot in
                let row = Int(slot)
                guard statusMask.contains(rank: statuses[row]) else { return false }
                return !toggles || passesToggles(row, flaggedOnly: flaggedOnly, highValueAbove: threshold, scaled: scaled)
            }
        }
    }
}
