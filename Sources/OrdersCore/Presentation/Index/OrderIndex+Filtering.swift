import Foundation

extension OrderIndex {
    /// A filter prepared for one evaluation pass: needles folded, per-table matches
    /// computed once (distinct customers, products, tags), thresholds scaled.
    struct CompiledFilter {
        enum Test {
            case all
            case none
            case text(TextTest)
            case statusMask(UInt8)
            case totalAbove(scaled: Int64, exact: Decimal)
            case totalBelow(scaled: Int64, exact: Decimal)
            case flagged
            case tagSets([Bool])
            case customers([Bool])
            case country(UInt16?)
            case assignees([Bool])
            case createdSince(Double)
            case createdBefore(Double)
        }

        struct TextTest {
            var needle: [UInt8]
            var needleString: String
            /// The needle itself needs `String.contains` everywhere (see `FastFolding`).
            var exactOnly: Bool
            var customers: [Bool]
            var products: [Bool]
        }

        var test: Test
        var isNegated: Bool
    }

    func compile(_ filter: OrderFilter) -> CompiledFilter {
        CompiledFilter(test: compile(filter.predicate), isNegated: filter.isNegated)
    }

    private func compile(_ predicate: OrderPredicate) -> CompiledFilter.Test {
        switch predicate {
        case .text(let needle):
            let folded = FastFolding.foldedBytes(needle)
            if folded.isEmpty { return .all }
            let string = String(decoding: folded, as: UTF8.self)
            let exactOnly = !FastFolding.isByteSearchable(folded)
            let skus = skuTable.entriesContaining(folded, needleString: string, exactOnly: exactOnly)
            let titles = titleTable.entriesContaining(folded, needleString: string, exactOnly: exactOnly)
            let productMatches = products.map { skus[Int($0.sku)] || titles[Int($0.title)] }
            return .text(.init(needle: folded, needleString: string, exactOnly: exactOnly,
                               customers: customerTable.entriesContaining(folded, needleString: string, exactOnly: exactOnly),
                               products: productMatches))
        case .status(let statuses):
            return .statusMask(statuses.reduce(0) { $0 | 1 << UInt8($1.workflowRank) })
        case .totalAbove(let amount):
            return .totalAbove(scaled: Self.scaledThreshold(amount, roundingUp: false), exact: amount)
        case .totalBelow(let amount):
            return .totalBelow(scaled: Self.scaledThreshold(amount, roundingUp: true), exact: amount)
        case .highValue(let threshold):
            return .totalAbove(scaled: Self.scaledThreshold(threshold, roundingUp: false), exact: threshold)
        case .flagged:
            return .flagged
        case .tag(let tag):
            let folded = SearchFolding.fold(tag)
            return .tagSets(tagSetTable.map { tags in tags.contains { SearchFolding.fold($0) == folded } })
        case .customer(let name):
            let folded = FastFolding.foldedBytes(name)
            let string = String(decoding: folded, as: UTF8.self)
            return .customers(customerTable.entriesContaining(folded, needleString: string,
                                                              exactOnly: !FastFolding.isByteSearchable(folded)))
        case .country(let code):
            let wanted = code.uppercased()
            return .country(countryTable.originals.firstIndex(of: wanted).map { UInt16($0) })
        case .assignee(let person):
            let folded = SearchFolding.fold(person)
            // Entry 0 is "unassigned"; table entries follow from 1.
            return .assignees([person.isEmpty] + assigneeTable.originals.map { !person.isEmpty && SearchFolding.fold($0) == folded })
        case .createdSince(let date):
            return .createdSince(date.timeIntervalSinceReferenceDate)
        case .createdBefore(let date):
            return .createdBefore(date.timeIntervalSinceReferenceDate)
        }
    }

    /// For `total > a`: the largest integer ≤ a·10⁴ (so scaled > it ⇔ total > a); for
    /// `total < a`: the smallest integer ≥ a·10⁴. Clamped to the Int64 range.
    static func scaledThreshold(_ amount: Decimal, roundingUp: Bool) -> Int64 {
        var scaled = amount * totalFactor
        var whole = Decimal()
        NSDecimalRound(&whole, &scaled, 0, .plain)
        if roundingUp, whole < scaled { whole += 1 }
        if !roundingUp, whole > scaled { whole -= 1 }
        if whole >= Decimal(Int64.max) { return .max }
        if whole <= Decimal(Int64.min) { return .min }
        return NSDecimalNumber(decimal: whole).int64Value
    }

    /// Whether one row passes one compiled filter (negation included).
    @inline(__always)
    func matches(_ slot: Slot, _ filter: CompiledFilter, text: UnsafeBufferPointer<UInt8>) -> Bool {
        let index = Int(slot)
        let result: Bool
        switch filter.test {
        case .all: result = true
        case .none: result = false
        case .statusMask(let mask): result = mask & (1 << statuses[index]) != 0
        case .flagged: result = flags[index] & RowFlags.flagged.rawValue != 0
        case .totalAbove(let scaled, let exact):
            result = flags[index] & RowFlags.exactTotal.rawValue != 0 ? total(slot) > exact : totals[index] > scaled
        case .totalBelow(let scaled, let exact):
            result = flags[index] & RowFlags.exactTotal.rawValue != 0 ? total(slot) < exact : totals[index] < scaled
        case .tagSets(let matching): result = matching[Int(tagSets[index])]
        case .customers(let matching): result = matching[Int(customers[index])]
        case .country(let code): result = code == countries[index]
        case .assignees(let matching): result = matching[Int(assignees[index])]
        case .createdSince(let time): result = created[index] >= time
        case .createdBefore(let time): result = created[index] < time
        case .text(let test): result = matchesText(slot, test, text: text)
        }
        return result != filter.isNegated
    }

    @inline(__always)
    private func matchesText(_ slot: Slot, _ test: CompiledFilter.TextTest, text: UnsafeBufferPointer<UInt8>) -> Bool {
        let index = Int(slot)
        if test.customers[Int(customers[index])] { return true }
        let itemStart = Int(itemStarts[index])
        for position in itemStart..<itemStart + Int(itemLengths[index]) where test.products[Int(itemPool[position])] {
            return true
        }
        let start = Int(textStarts[index]), length = Int(textLengths[index])
        if test.exactOnly || flags[index] & RowFlags.exactTextSearch.rawValue != 0 {
            // The id and the email, split at the first NUL (ids never contain one).
            let bytes = UnsafeBufferPointer(rebasing: text[start..<start + length])
            let separator = bytes.firstIndex(of: 0) ?? bytes.endIndex
            return String(decoding: bytes[..<separator], as: UTF8.self).contains(test.needleString)
                || String(decoding: bytes[min(separator + 1, bytes.endIndex)...], as: UTF8.self).contains(test.needleString)
        }
        return test.needle.withUnsafeBufferPointer { needle in
            ByteSearch.contains(text, start: start, length: length, needle: needle)
        }
    }

    /// The slots passing every filter, tested only among `candidates` (all rows when nil).
    /// Cheap filters run first so text search sees as few rows as possible.
    func evaluate(_ filters: [OrderFilter], within candidates: SlotSet? = nil) -> SlotSet {
        let compiled = filters.map(compile).sorted { Self.cost($0) < Self.cost($1) }
        var result = SlotSet(capacity: count)
        text.withUnsafeBufferPointer { text in
            func test(_ slot: Slot) {
                for filter in compiled where !matches(slot, filter, text: text) { return }
                result.insert(slot)
            }
            if let candidates {
                candidates.forEach { if Int($0) < count { test($0) } }
            } else {
                for slot in 0..<Slot(count) { test(slot) }
            }
        }
        return result
    }

    private static func cost(_ filter: CompiledFilter) -> Int {
        if case .text = filter.test { return 1 }
        return 0
    }
}
