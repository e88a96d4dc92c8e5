import Foundation
import OrdersCore

extension OrderIndex {
    /// A filter prepared for one evaluation pass: needles folded, per-table matches
    /// computed once (distinct customers, products, tags), thresholds scaled.
    struct CompiledFilter {
        enum Test {
            case all
            case none
            case text(TextTest)
            case statusMask(StatusMask)
            /// Per position in `PaymentStatus.allCases` (or fulfilment's): whether it matches.
            case payments([Bool])
            case fulfillments([Bool])
            /// Whether local rows match, and which other sources do (`OrderNumber.isSource`).
            case source(name: String, matchesLocal: Bool)
            case totalAbove(scaled: Int64, exact: Decimal)
            case totalBelow(scaled: Int64, exact: Decimal)
            case flagged
            case tagSets([Bool])
            case customers([Bool])
            case country(UInt16?)
            case assignees([Bool])
            case createdSince(Double)
            case createdBefore(Double)
            /// Rows with this flag.
            case rowFlag(RowFlags)
            case outstandingAbove(scaled: Int64, exact: Decimal)
            case outstandingBelow(scaled: Int64, exact: Decimal)
            /// Per entry of `risks`, `placeSets`, `codeSets` or `customerGroups`: whether it matches.
            case risks([Bool])
            case placeSets([Bool])
            case codeSets([Bool])
            case customerGroups([Bool])
            case ageStartBefore(Double)
            case ageStartAfter(Double)
            /// Rows with a due time (`Order.hasDueTime`, as a status mask) whose clock started
            /// before the instant (`before`), or at or after it.
            case dueClockStart(Double, before: Bool)
        }

        struct TextTest {
            var needle: [UInt8]
            var needleString: String
            /// The needle itself needs `String.contains` everywhere (see `FastFolding`).
            var exactOnly: Bool
            var customers: [Bool]
            var products: [Bool]
            var ids: IDTextMatch
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
            // A needle that needs exact search has a multi-scalar character or a NUL,
            // which the ASCII id text cannot contain.
            let ids = exactOnly ? IDTextMatch(needle: Array("\u{0}".utf8)) : IDTextMatch(needle: folded)
            return .text(.init(needle: folded, needleString: string, exactOnly: exactOnly,
                               customers: customerTable.entriesContaining(folded, needleString: string, exactOnly: exactOnly),
                               products: productMatches, ids: ids))
        case .status(let statuses):
            return .statusMask(StatusMask(statuses))
        case .payment(let statuses):
            return .payments(PaymentStatus.allCases.map(statuses.contains))
        case .fulfillment(let statuses):
            return .fulfillments(FulfillmentStatus.allCases.map(statuses.contains))
        case .source(let name):
            return .source(name: name, matchesLocal: OrderNumber.isSource(OrderNumber.localSource, named: name))
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
            return .country(countryTable.entry(of: wanted).map { UInt16(clamping: $0) })
        case .assignee(let person):
            let folded = SearchFolding.fold(person)
            // Entry 0 is "unassigned"; table entries follow from 1.
            return .assignees([person.isEmpty] + assigneeTable.strings.map { !person.isEmpty && SearchFolding.fold($0) == folded })
        case .createdSince(let date):
            return .createdSince(date.timeIntervalSinceReferenceDate)
        case .createdBefore(let date):
            return .createdBefore(date.timeIntervalSinceReferenceDate)
        case .refunded:
            return .rowFlag(.refunded)
        case .outstandingAbove(let amount):
            return .outstandingAbove(scaled: Self.scaledThreshold(amount, roundingUp: false), exact: amount)
        case .outstandingBelow(let amount):
            return .outstandingBelow(scaled: Self.scaledThreshold(amount, roundingUp: true), exact: amount)
        case .risk(let levels):
            return .risks([false] + RiskLevel.allCases.map(levels.contains))
        case .city(let needle):
            let cities = Self.entriesContaining(needle, in: cityTable)
            return .placeSets(placeSetTable.map { $0.cities.contains { cities[Int($0)] } })
        case .postcode(let needle):
            let postcodes = Self.entriesContaining(needle, in: postcodeTable)
            return .placeSets(placeSetTable.map { $0.postcodes.contains { postcodes[Int($0)] } })
        case .ageStartBefore(let date):
            return .ageStartBefore(date.timeIntervalSinceReferenceDate)
        case .ageStartAfter(let date):
            return .ageStartAfter(date.timeIntervalSinceReferenceDate)
        case .discountCode(let code):
            return .codeSets(codeSetTable.map { codes in codes.contains { OrderNumber.isSource($0, named: code) } })
        case .customerOrdersAbove(let count):
            // Entry 0: the order is a customer of its own, with one order.
            return .customerGroups([1 > count] + groupCounts.map { Int($0) > count })
        case .customerOrdersBelow(let count):
            return .customerGroups([1 < count] + groupCounts.map { Int($0) < count })
        case .customerGroup(let group):
            return .customerGroups([false] + groupTable.entriesEqual(to: group))
        case .dueClockStartBefore(let date):
            return .dueClockStart(date.timeIntervalSinceReferenceDate, before: true)
        case .dueClockStartFrom(let date):
            return .dueClockStart(date.timeIntervalSinceReferenceDate, before: false)
        }
    }

    /// For each entry of a table, whether it contains the folded needle (the reference rule).
    private static func entriesContaining(_ needle: String, in table: TextTable) -> [Bool] {
        let folded = FastFolding.foldedBytes(needle)
        return table.entriesContaining(folded, needleString: String(decoding: folded, as: UTF8.self),
                                       exactOnly: !FastFolding.isByteSearchable(folded))
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
        var current = candidates.map { $0.resized(to: count) } ?? SlotSet(capacity: count, full: true)
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
                input.filter(negated: negated) { mask.contains(rank: statuses[$0]) }
            }
        case .flagged:
            return flags.withUnsafeBufferPointer { flags in
                input.filter(negated: negated) { flags[$0] & RowFlags.flagged.rawValue != 0 }
            }
        case .payments(let matching):
            return Self.lookup(payments, in: matching, input, negated)
        case .fulfillments(let matching):
            return Self.lookup(fulfillments, in: matching, input, negated)
        case .source(let name, let matchesLocal):
            // Rows without a verbatim number are local; only the others hold a source to compare.
            return flags.withUnsafeBufferPointer { flags in
                input.filter(negated: negated) { row in
                    guard flags[row] & RowFlags.verbatimNumber.rawValue != 0 else { return matchesLocal }
                    return OrderNumber.isSource(source(Slot(row)), named: name)
                }
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
        case .rowFlag(let flag):
            return flags.withUnsafeBufferPointer { flags in
                input.filter(negated: negated) { flags[$0] & flag.rawValue != 0 }
            }
        case .outstandingAbove(let scaled, let exact):
            return filterOutstanding(input, negated) { scaled < $0 } exact: { exact < $0 }
        case .outstandingBelow(let scaled, let exact):
            return filterOutstanding(input, negated) { $0 < scaled } exact: { $0 < exact }
        case .risks(let matching):
            return Self.lookup(risks, in: matching, input, negated)
        case .placeSets(let matching):
            return Self.lookup(placeSets, in: matching, input, negated)
        case .codeSets(let matching):
            return Self.lookup(codeSets, in: matching, input, negated)
        case .customerGroups(let matching):
            return Self.lookup(customerGroups, in: matching, input, negated)
        case .ageStartBefore(let time):
            return ageStarts.withUnsafeBufferPointer { starts in
                input.filter(negated: negated) { starts[$0] < time }
            }
        case .ageStartAfter(let time):
            return ageStarts.withUnsafeBufferPointer { starts in
                input.filter(negated: negated) { starts[$0] > time }
            }
        case .dueClockStart(let time, let before):
            let withDueTime = Self.withDueTime
            return ageStarts.withUnsafeBufferPointer { starts in
                statuses.withUnsafeBufferPointer { statuses in
                    input.filter(negated: negated) {
                        withDueTime.contains(rank: statuses[$0]) && (starts[$0] < time) == before
                    }
                }
            }
        }
    }

    /// Compares each row's outstanding balance: the scaled total when the balance is the total,
    /// else the exact balance.
    private func filterOutstanding(_ input: SlotSet, _ negated: Bool, scaled: (Int64) -> Bool,
                                   exact: (Decimal) -> Bool) -> SlotSet {
        let slow = RowFlags.ownOutstanding.rawValue | RowFlags.exactTotal.rawValue
        return totals.withUnsafeBufferPointer { totals in
            flags.withUnsafeBufferPointer { flags in
                input.filter(negated: negated) { row in
                    guard flags[row] & slow != 0 else { return scaled(totals[row]) }
                    if let amount = outstandings.scaledAmount(Slot(row)) { return scaled(amount) }
                    return exact(outstandings[Slot(row)] ?? total(Slot(row)))
                }
            }
        }
    }

    private static func lookup<Entry: FixedWidthInteger>(_ column: IndexColumn<Entry>, in matching: [Bool], _ input: SlotSet,
                                                         _ negated: Bool) -> SlotSet {
        column.withUnsafeBufferPointer { column in
            matching.withUnsafeBufferPointer { matching in
                input.filter(negated: negated) { matching[Int(column[$0])] }
            }
        }
    }

    private func applyText(_ test: CompiledFilter.TextTest, to input: SlotSet, negated: Bool) -> SlotSet {
        if test.ids.rule == .everyID, verbatimNumbers.isEmpty, ids.allSatisfy({ $0 >= 0 }) {
            return negated ? SlotSet(capacity: count) : input
        }
        let columns = TextColumns(index: self)
        let checkIDs = test.ids.rule != .noID || ids.contains { $0 < 0 }
        let needleMask = ByteClassMask.of(test.needle)
        // One letter (or . @ -) is found exactly by the row's byte-class mask.
        let maskDecides = !test.exactOnly && test.needle.count == 1 && ByteClassMask.isExact(test.needle[0])
        return columns.with { rows in
            test.customers.withUnsafeBufferPointer { customerMatches in
                test.products.withUnsafeBufferPointer { productMatches in
                    test.needle.withUnsafeBufferPointer { needle in
                        input.parallelFilter(negated: negated) { row in
                            if !test.exactOnly, rows.flags[row] & RowFlags.anyExactText.rawValue == 0 {
                                if rows.searchMasks[row] & needleMask != needleMask { return false }
                                if maskDecides { return true }
                            }
                            if rows.flags[row] & RowFlags.verbatimNumber.rawValue != 0 {
                                if verbatimNumbers[Slot(row)]?.folded.contains(test.needleString) == true { return true }
                            } else if checkIDs, test.ids.matches(rows.ids[row]) {
                                return true
                            }
                            if customerMatches[Int(rows.customers[row])] { return true }
                            let start = Int(rows.itemStarts[row])
                            for position in start..<start + Int(rows.itemLengths[row]) where productMatches[Int(rows.itemPool[position])] {
                                return true
                            }
                            let textStart = Int(rows.textStarts[row]), length = Int(rows.textLengths[row])
                            let exact = test.exactOnly || rows.flags[row] & RowFlags.exactTextSearch.rawValue != 0
                            if !exact, rows.textMasks[row] & needleMask != needleMask { return false }
                            if exact {
                                let email = UnsafeBufferPointer(rebasing: rows.text[textStart..<textStart + length])
                                return String(decoding: email, as: UTF8.self).contains(test.needleString)
                            }
                            return ByteSearch.contains(rows.text, start: textStart, length: length, needle: needle)
                        }
                    }
                }
            }
        }
    }
}

/// The columns a text search reads, as raw buffers for the duration of one scan
/// (no reference counting or bounds checks in the million-row loop).
private struct TextColumns {
    let index: OrderIndex

    struct Buffers {
        var ids: UnsafeBufferPointer<Int64>
        var customers: UnsafeBufferPointer<UInt32>
        var itemStarts: UnsafeBufferPointer<UInt32>
        var itemLengths: UnsafeBufferPointer<UInt16>
        var itemPool: UnsafeBufferPointer<UInt32>
        var textStarts: UnsafeBufferPointer<UInt32>
        var textLengths: UnsafeBufferPointer<UInt32>
        var textMasks: UnsafeBufferPointer<UInt32>
        var searchMasks: UnsafeBufferPointer<UInt32>
        var flags: UnsafeBufferPointer<UInt8>
        var text: UnsafeBufferPointer<UInt8>
    }

    func with<Result>(_ body: (Buffers) -> Result) -> Result {
        index.ids.withUnsafeBufferPointer { ids in
            index.customers.withUnsafeBufferPointer { customers in
                index.itemStarts.withUnsafeBufferPointer { itemStarts in
                    index.itemLengths.withUnsafeBufferPointer { itemLengths in
                        index.itemPool.withUnsafeBufferPointer { itemPool in
                            index.textStarts.withUnsafeBufferPointer { textStarts in
                                index.textLengths.withUnsafeBufferPointer { textLengths in
                                    index.textMasks.withUnsafeBufferPointer { textMasks in
                                        index.searchMasks.withUnsafeBufferPointer { searchMasks in
                                            index.flags.withUnsafeBufferPointer { flags in
                                                index.text.withUnsafeBufferPointer { text in
                                                    body(Buffers(ids: ids, customers: customers, itemStarts: itemStarts,
                                                                 itemLengths: itemLengths, itemPool: itemPool,
                                                                 textStarts: textStarts, textLengths: textLengths,
                                                                 textMasks: textMasks, searchMasks: searchMasks,
                                                                 flags: flags, text: text))
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
