import Foundation
import OrdersCore

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
        case .due: return Self.compare(dueSortValue(x), dueSortValue(y))
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
    /// every workflow action, and sorting by it directly is as fast.
    static let permutedKeys: [OrderSortKey] = [.id, .date, .total, .customer, .items]

    /// An integer that orders rows like `key` does (equal keys give equal values).
    /// Totals qualify only while no row needs its exact Decimal (`exactTotals` is empty).
    @inline(__always)
    func sortValue(_ slot: Int, _ key: OrderSortKey) -> Int64 {
        switch key {
        case .id: ids[slot]
        case .date: Self.orderedBits(created[slot])
        case .total: totals[slot]
        case .items: Int64(itemCounts[slot])
        case .status: Int64(statuses[slot])
        case .customer: Int64(customerRanks[Int(customers[slot])])
        case .due: dueSortValue(slot)
        }
    }

    /// The clock's start of a row with a due time as ordered bits; `Int64.max` for a row without
    /// (those sort last, by id: `OrderSort.dueOrder`). Only the ascending direction reads it directly.
    @inline(__always)
    func dueSortValue(_ slot: Int) -> Int64 {
        Self.withDueTime.contains(rank: statuses[slot]) ? Self.orderedBits(ageStarts[slot]) : .max
    }

    /// Maps a Double to an Int64 with the same order (and -0 to 0, as Double compares them equal).
    @inline(__always)
    static func orderedBits(_ value: Double) -> Int64 {
        let bits = Int64(bitPattern: (value == 0 ? 0 : value).bitPattern)
        return bits < 0 ? bits ^ Int64.max : bits
    }

    private var sortValuesAreExact: Bool { exactTotals.isEmpty }

    mutating func rebuildPermutations() {
        var byID = (0..<Slot(count)).map { $0 }
        byID.sort { ids[Int($0)] < ids[Int($1)] }
        slotsByID = IndexColumn(byID)
        setPermutation(byID, for: .id)
        rankCustomers()
        for key in [OrderSortKey.date, .total, .customer, .items] {
            if key == .total, !sortValuesAreExact {
                var permutation = byID
                permutation.sort { precedes($0, $1, by: key) }
                setPermutation(permutation, for: key)
                continue
            }
            var entries = (0..<count).map { (value: sortValue($0, key), id: ids[$0], slot: Slot($0)) }
            entries.sort { $0.value != $1.value ? $0.value < $1.value : $0.id < $1.id }
            setPermutation(entries.map(\.slot), for: key)
        }
    }

    /// Dense ranks of the distinct customer names in folded-byte order (equal names, equal rank).
    mutating func rankCustomers() {
        let entries = (0..<customerTable.count).sorted { customerTable.foldedPrecedes($0, $1) }
        var rank = [Int32](repeating: 0, count: customerTable.count)
        var current: Int32 = 0
        for (position, entry) in entries.enumerated() {
            if position > 0, !customerTable.foldedEqual(entries[position - 1], entry) { current += 1 }
            rank[entry] = current
        }
        customerRanks = IndexColumn(rank)
    }

    private mutating func setPermutation(_ permutation: [Slot], for key: OrderSortKey) {
        permutations[key] = IndexColumn(permutation)
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

    private func insertionPoint(of slot: Slot, in permutation: IndexColumn<Slot>, by precedes: (Slot, Slot) -> Bool) -> Int {
        var low = 0, high = permutation.count
        while low < high {
            let mid = (low + high) / 2
            if precedes(permutation[mid], slot) { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// The members of `set` in the order `sort` defines, exactly as sorting the
    /// orders with `OrderSort.areInIncreasingOrder` would give. Small sets are
    /// sorted directly; large ones are read off the kept permutation.
    func orderedSlots(of set: SlotSet, sort: OrderSort) -> [Slot] {
        let members = set.count
        let key = sort.key
        let exact = key != .total || sortValuesAreExact
        if key == .status, members > count / 16 {
            // One pass in id order into a bucket per status; ties stay by ascending id both ways.
            var buckets = [[Slot]](repeating: [], count: OrderStatus.allCases.count)
            statuses.withUnsafeBufferPointer { statuses in
                for slot in slotsByID where set.contains(slot) { buckets[Int(statuses[Int(slot)])].append(slot) }
            }
            return (sort.ascending ? buckets : buckets.reversed()).flatMap { $0 }
        }
        if key == .due {
            return orderedByDue(set, ascending: sort.ascending)
        }
        if exact, members <= count / 16 {
            var entries: [(value: Int64, id: Int64, slot: Slot)] = []
            entries.reserveCapacity(members)
            set.forEach { slot in
                guard Int(slot) < count else { return }
                entries.append((sortValue(Int(slot), key), ids[Int(slot)], slot))
            }
            if sort.ascending {
                entries.sort { $0.value != $1.value ? $0.value < $1.value : $0.id < $1.id }
            } else {
                entries.sort { $0.value != $1.value ? $0.value > $1.value : $0.id < $1.id }
            }
            return entries.map(\.slot)
        }
        var result: [Slot] = []
        result.reserveCapacity(members)
        guard let permutation = permutations[key] else { return result }
        if sort.ascending {
            for slot in permutation where set.contains(slot) { result.append(slot) }
            return result
        }
        // Descending: groups of equal keys in reverse, each group still by ascending id.
        func same(_ a: Slot, _ b: Slot) -> Bool {
            exact ? sortValue(Int(a), key) == sortValue(Int(b), key) : compare(a, b, by: key) == .orderedSame
        }
        var end = permutation.count
        while end > 0 {
            var start = end - 1
            while start > 0, same(permutation[start - 1], permutation[end - 1]) { start -= 1 }
            for position in start..<end where set.contains(permutation[position]) { result.append(permutation[position]) }
            end = start
        }
        return result
    }

    /// The sort by due time (`OrderSort.dueOrder`): rows with a due time by their clock's start in
    /// the direction asked, ties by id; then the others by id, in both directions. Sorted directly
    /// (no kept permutation: the rows with a due time change with every workflow action).
    private func orderedByDue(_ set: SlotSet, ascending: Bool) -> [Slot] {
        var entries: [(value: Int64, id: Int64, slot: Slot)] = []
        entries.reserveCapacity(set.count)
        set.forEach { slot in
            guard Int(slot) < count else { return }
            entries.append((dueSortValue(Int(slot)), ids[Int(slot)], slot))
        }
        if ascending {
            entries.sort { $0.value != $1.value ? $0.value < $1.value : $0.id < $1.id }
        } else {
            // `.max` marks no due time: it stays last when the starts run backwards.
            entries.sort { a, b in
                if a.value != b.value {
                    if a.value == .max || b.value == .max { return b.value == .max }
                    return a.value > b.value
                }
                return a.id < b.id
            }
        }
        return entries.map(\.slot)
    }
}
