import Foundation

extension OrderIndex {
    /// The sort keys of a row that decide its place in the permutations.
    struct SortKeys: Equatable {
        var created: Double
        var total: Decimal
        var customer: UInt32
        var items: Int32
    }

    func sortKeys(_ slot: Slot) -> SortKeys {
        let index = Int(slot)
        return SortKeys(created: created[index], total: total(slot), customer: customers[index], items: itemCounts[index])
    }

    /// Whether a row comes before another in ascending `key` order, ties by ascending id:
    /// the same order as `OrderSort.areInIncreasingOrder` with `ascending: true`.
    func precedes(_ a: Slot, _ b: Slot, by key: OrderSortKey) -> Bool {
        switch compare(a, b, by: key) {
        case .orderedAscending: true
        case .orderedDescending: false
        case .orderedSame: ids[Int(a)] < ids[Int(b)]
        }
    }

    /// Compares two rows by the key alone (no id tie-break).
    func compare(_ a: Slot, _ b: Slot, by key: OrderSortKey) -> ComparisonResult {
        let x = Int(a), y = Int(b)
        switch key {
        case .id: return Self.compare(ids[x], ids[y])
        case .date: return Self.compare(created[x], created[y])
        case .items: return Self.compare(itemCounts[x], itemCounts[y])
        case .status: return Self.compare(statuses[x], statuses[y])
        case .total:
            if flags[x] & RowFlags.exactTotal.rawValue != 0 || flags[y] & RowFlags.exactTotal.rawValue != 0 {
                return Self.compare(total(a), total(b))
            }
            return Self.compare(totals[x], totals[y])
        case .customer:
            let p = Int(customers[x]), q = Int(customers[y])
            if customerTable.foldedEqual(p, q) { return .orderedSame }
            return customerTable.foldedPrecedes(p, q) ? .orderedAscending : .orderedDescending
        }
    }

    private static func compare<T: Comparable>(_ a: T, _ b: T) -> ComparisonResult {
        a < b ? .orderedAscending : (a > b ? .orderedDescending : .orderedSame)
    }

    /// Keys with a kept permutation. Status is not among them: it changes with
    /// every workflow action, and bucketing the id order by status is as fast.
    static let permutedKeys: [OrderSortKey] = [.id, .date, .total, .customer, .items]

    mutating func rebuildPermutations() {
        let all = (0..<Slot(count)).map { $0 }
        var byID = all
        byID.sort { ids[Int($0)] < ids[Int($1)] }
        slotsByID = byID
        setPermutation(byID, for: .id)
        // Customer names compare as folded bytes; ranking the distinct names once
        // makes the million-row sort compare integers.
        let entries = (0..<customerTable.count).sorted { customerTable.foldedPrecedes($0, $1) }
        var rank = [Int32](repeating: 0, count: customerTable.count)
        var current: Int32 = 0
        for (position, entry) in entries.enumerated() {
            if position > 0, !customerTable.foldedEqual(entries[position - 1], entry) { current += 1 }
            rank[entry] = current
        }
        let customerRanks = customers.map { rank[Int($0)] }
        for key in [OrderSortKey.date, .total, .customer, .items] {
            var permutation = byID
            switch key {
            case .customer:
                permutation.sort {
                    let p = customerRanks[Int($0)], q = customerRanks[Int($1)]
                    return p != q ? p < q : ids[Int($0)] < ids[Int($1)]
                }
            default:
                permutation.sort { precedes($0, $1, by: key) }
            }
            setPermutation(permutation, for: key)
        }
    }

    private mutating func setPermutation(_ permutation: [Slot], for key: OrderSortKey) {
        permutations[key] = permutation
    }

    /// Puts a new slot into every permutation at its sorted place.
    mutating func insertIntoPermutations(_ slot: Slot) {
        let position = insertionPoint(of: slot, in: slotsByID) { ids[Int($0)] < ids[Int($1)] }
        slotsByID.insert(slot, at: position)
        for key in Self.permutedKeys { insertSorted(slot, into: key) }
    }

    mutating func insertSorted(_ slot: Slot, into key: OrderSortKey) {
        guard var permutation = permutations[key] else { return }
        permutations[key] = nil // keeps the array uniquely referenced while it is edited
        let position = insertionPoint(of: slot, in: permutation) { precedes($0, $1, by: key) }
        permutation.insert(slot, at: position)
        permutations[key] = permutation
    }

    private func insertionPoint(of slot: Slot, in permutation: [Slot], by precedes: (Slot, Slot) -> Bool) -> Int {
        var low = 0, high = permutation.count
        while low < high {
            let mid = (low + high) / 2
            if precedes(permutation[mid], slot) { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// The members of `set` in the order `sort` defines, exactly as sorting the
    /// orders with `OrderSort.areInIncreasingOrder` would give.
    func orderedSlots(of set: SlotSet, sort: OrderSort) -> [Slot] {
        var result: [Slot] = []
        result.reserveCapacity(min(set.count, count))
        if sort.key == .status {
            // Within one status ties go by ascending id in both directions.
            var buckets = [[Slot]](repeating: [], count: OrderStatus.allCases.count)
            for slot in slotsByID where set.contains(slot) { buckets[Int(statuses[Int(slot)])].append(slot) }
            for bucket in sort.ascending ? buckets : buckets.reversed() { result.append(contentsOf: bucket) }
            return result
        }
        guard let permutation = permutations[sort.key] else { return result }
        if sort.ascending {
            for slot in permutation where set.contains(slot) { result.append(slot) }
            return result
        }
        // Descending: groups of equal keys in reverse, each group still by ascending id.
        var end = permutation.count
        while end > 0 {
            var start = end - 1
            while start > 0, compare(permutation[start - 1], permutation[end - 1], by: sort.key) == .orderedSame {
                start -= 1
            }
            for position in start..<end where set.contains(permutation[position]) { result.append(permutation[position]) }
            end = start
        }
        return result
    }
}
