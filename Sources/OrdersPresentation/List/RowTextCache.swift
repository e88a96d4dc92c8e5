import Foundation
import OrdersCore

/// The formatted texts of recently shown rows, so that moving the selection or
/// scrolling by a line does not format money and dates again for every row on
/// screen. Entries are valid for one generation of the index (any write to a row
/// bumps it; a new index must `reset()` the cache) and one minute of the clock
/// (relative dates such as "3h ago" age).
struct RowTextCache {
    struct Texts {
        var customer: String
        var dateText: String
        var ageText: String
        var due: DueState?
        var dueText: String
        var totalText: String
        var statusText: String
        var statusCell: String
        /// The chooseable columns' texts (`ListColumn`), neutralised.
        var assignee: String
        var tags: String
        var country: String
        var source: String
        var outstandingText: String
    }

    private var entries: [OrderIndex.Slot: Texts] = [:]
    private var generation = -1
    private var minute = Int.min
    /// A screen or two of rows; beyond that the cache starts over instead of growing.
    private let capacity = 512

    mutating func texts(for slot: OrderIndex.Slot, generation: Int, now: Date, make: () -> Texts) -> Texts {
        let minute = Int((now.timeIntervalSince1970 / 60).rounded(.down))
        if generation != self.generation || minute != self.minute || entries.count >= capacity {
            entries.removeAll(keepingCapacity: true)
            self.generation = generation
            self.minute = minute
        }
        if let cached = entries[slot] { return cached }
        let texts = make()
        entries[slot] = texts
        return texts
    }

    /// Forgets everything: the slots now belong to another index.
    mutating func reset() {
        entries.removeAll(keepingCapacity: true)
        generation = -1
    }
}
