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

    /// The slots passing every filter, tested only among `candidates` (all rows when nil).
    /// Filters run one at a time over the survivors of the previous one, cheap ones
    /// first, so text search sees as few rows as possible.
    func evaluate(_ filters: [OrderFilter], within candidates: SlotSet? = nil) -> SlotSet {
        var current = SlotSet(capacity: count, full: candidates == nil)
        if let candidates { candidates.forEach { if Int($0) < count { current.insert($0) } } }
        let compiled = filters.map(compile).sorted { Self.cost($0) < Self.cost($1) }
        for filter in compiled {
            current = apply(filter, to: current)
        }
        return current
    }

    private static func cost(_ filter: CompiledFilter) -> Int {
        if case .text = filter.test { return 1 }
        return 0
    }

    /// The members of `input` that pass one filter (negation included).
    private func apply(_ filter: CompiledFilter, to input: SlotSet) -> SlotSet {
        let negated = filter.isNegated
        switch filter.test {
        case .all:
            return negated ? SlotSet(capacity: count) : input
        case .none:
            return negated ? input : SlotSet(capacity: count)
        case .statusMask(let mask):
            return statuses.withUnsafeBufferPointer { statuses in
                input.filter(negated: negated) { mask & (1 << statuses[$0]) != 0 }
            }
        case .flagged:
            return flags.withUnsafeBufferPointer { flags in
                input.filter(negated: negated) { flags[$0] & RowFlags.flagged.rawValue != 0 }
            }
        case .totalAbove(let scaled, let exact):
            return totals.withUnsafeBufferPointer { totals in
                flags.withUnsafeBufferPointer { flags in
                    input.filter(negated: negated) {
                        flags[$0] & RowFlags.exactTotal.rawValue != 0 ? total(Slot($0)) > exact : totals[$0] > scaled
                    }
                }
            }
        case .totalBelow(let scaled, let exact):
            return totals.withUnsafeBufferPointer { totals in
                flags.withUnsafeBufferPointer { flags in
                    input.filter(negated: negated) {
                        flags[$0] & RowFlags.exactTotal.rawValue != 0 ? total(Slot($0)) < exact : totals[$0] < scaled
                    }
                }
            }
        case .tagSets(let matching):
            return Self.lookup(tagSets, in: matching, input, negated)
        case .customers(let matching):
            return Self.lookup(customers, in: matching, input, negated)
        case .assignees(let matching):
            return Self.lookup(assignees, in: matching, input, negated)
        case .country(let code):
            guard let code else { return negated ? input : SlotSet(capacity: count) }
            return countries.withUnsafeBufferPointer { countries in
                input.filter(negated: negated) { countries[$0] == code }
            }
        case .createdSince(let time):
            return created.withUnsafeBufferPointer { created in
                input.filter(negated: negated) { created[$0] >= time }
            }
        case .createdBefore(let time):
            return created.withUnsafeBufferPointer { created in
                input.filter(negated: negated) { created[$0] < time }
            }
        case .text(let test):
            return applyText(test, to: input, negated: negated)
        }
    }

    private static func lookup(_ column: [UInt32], in matching: [Bool], _ input: SlotSet, _ negated: Bool) -> SlotSet {
        column.withUnsafeBufferPointer { column in
            matching.withUnsafeBufferPointer { matching in
                input.filter(negated: negated) { matching[Int(column[$0])] }
            }
        }
    }

    /// Every id starts with "ord-": a needle inside that prefix matches every order.
    private static let idPrefix = Array("ord-".utf8)

    private func applyText(_ test: CompiledFilter.TextTest, to input: SlotSet, negated: Bool) -> SlotSet {
        if !test.exactOnly, Self.idPrefix.count >= test.needle.count,
           (0...(Self.idPrefix.count - test.needle.count)).contains(where: { Self.idPrefix[$0..<$0 + test.needle.count].elementsEqual(test.needle) }) {
            return negated ? SlotSet(capacity: count) : input
        }
        return customers.withUnsafeBufferPointer { customers in
            itemStarts.withUnsafeBufferPointer { itemStarts in
                itemLengths.withUnsafeBufferPointer { itemLengths in
                    itemPool.withUnsafeBufferPointer { itemPool in
                        textStarts.withUnsafeBufferPointer { textStarts in
                            textLengths.withUnsafeBufferPointer { textLengths in
                                flags.withUnsafeBufferPointer { flags in
                                    text.withUnsafeBufferPointer { text in
                                        test.customers.withUnsafeBufferPointer { customerMatches in
                                            test.products.withUnsafeBufferPointer { productMatches in
                                                test.needle.withUnsafeBufferPointer { needle in
                                                    input.parallelFilter(negated: negated) { row in
                                                        if customerMatches[Int(customers[row])] { return true }
                                                        let start = Int(itemStarts[row])
                                                        for position in start..<start + Int(itemLengths[row])
                                                        where productMatches[Int(itemPool[position])] {
                                                            return true
                                                        }
                                                        let textStart = Int(textStarts[row]), length = Int(textLengths[row])
                                                        if test.exactOnly || flags[row] & RowFlags.exactTextSearch.rawValue != 0 {
                                                            return Self.exactContains(text, textStart, length, test.needleString)
                                                        }
                                                        return ByteSearch.contains(text, start: textStart, length: length, needle: needle)
                                                    }
                                                }
                                            }
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// The reference rule on the id and email of one row: split at the first NUL
    /// (ids never contain one) and use `String.contains` on each.
    private static func exactContains(_ text: UnsafeBufferPointer<UInt8>, _ start: Int, _ length: Int, _ needle: String) -> Bool {
        let bytes = UnsafeBufferPointer(rebasing: text[start..<start + length])
        let separator = bytes.firstIndex(of: 0) ?? bytes.endIndex
        return String(decoding: bytes[..<separator], as: UTF8.self).contains(needle)
            || String(decoding: bytes[min(separator + 1, bytes.endIndex)...], as: UTF8.self).contains(needle)
    }
}
