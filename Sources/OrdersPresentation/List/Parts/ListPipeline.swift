import Foundation
import OrdersCore

/// The list's results for a query over an index, in three stages that each keep
/// their output so a change redoes only what it must:
/// index → `matched` (the search) → `ordered` (the sort) → `visible` (tab and toggles),
/// with the counts per tab and the sums of what is shown.
///
/// A synchronous value: `ListPipeline(query:index:highValueThreshold:)` is the whole
/// function; the stages are what the list calls when only part of the query changed.
struct ListPipeline {
    /// The orders the search matches, in slot order.
    private(set) var matched = SlotSet(capacity: 0)
    /// The matches in the query's sort order.
    private(set) var ordered: [OrderIndex.Slot] = []
    /// The ordered matches the tab and toggles show: the list's rows.
    private(set) var visible: [OrderIndex.Slot] = []
    /// Rows per status tab for the search and toggles (every tab, zero included).
    private(set) var tabCounts: [StatusTab: Int] = [:]
    /// Sums of the totals of the visible rows, per currency code.
    private(set) var totalsByCurrency: [String: Decimal] = [:]
    /// The ordering of all rows for one sort, valid while the index generation is unchanged:
    /// with no search every row matches, and re-sorting a million rows is the slow part; a search
    /// with many matches takes them from it in one pass.
    private var fullOrderCache: (sort: OrderSort, generation: Int, slots: [OrderIndex.Slot])?

    /// An empty result.
    init() {}

    /// The results of `query` over `index`, computed from scratch.
    init(query: ListQuery, index: OrderIndex, highValueThreshold: Decimal) {
        match(query.searchFilters, in: index)
        order(in: index, by: query.sort)
        filter(in: index, by: query, highValueThreshold: highValueThreshold)
    }

    /// Stage 1: runs the search. With `refining` (the previous filters, which the new ones imply,
    /// as when one more letter is typed), only the previous matches are tested.
    mutating func match(_ filters: [OrderFilter], in index: OrderIndex, refining previous: [OrderFilter]? = nil) {
        guard let previous else {
            matched = index.evaluate(filters)
            return
        }
        // Every old match passes the old terms, so only the new or changed terms need testing:
        // one more key costs one term's pass however long the query is.
        matched = index.evaluate(filters.filter { !previous.contains($0) }, within: matched)
    }

    /// Everything matches: the state of a preview page, which holds only the rows the store returned.
    mutating func matchAll(in index: OrderIndex) {
        matched = SlotSet(capacity: index.count, full: true)
    }

    /// The first `count` rows of `index` are shown, in slot order: a server-served window, whose rows
    /// the server already searched, filtered and sorted (the counts and sums come from the server too).
    /// Rows after them are orders held outside the window, never shown.
    mutating func showInOrder(of index: OrderIndex, count: Int) {
        matched = SlotSet(capacity: index.count, full: true)
        ordered = (0..<min(count, index.count)).map { OrderIndex.Slot($0) }
        visible = ordered
        tabCounts = [:]
        totalsByCurrency = [:]
    }

    /// Re-tests some rows against the search after they changed (the index may have grown).
    mutating func rematch(_ slots: [OrderIndex.Slot], filters: [OrderFilter], in index: OrderIndex) {
        matched.grow(to: index.count)
        guard !slots.isEmpty else { return }
        var candidates = SlotSet(capacity: index.count)
        for slot in slots { candidates.insert(slot) }
        let retested = index.evaluate(filters, within: candidates)
        for slot in slots { matched.set(slot, retested.contains(slot)) }
    }

    /// Stage 2: sorts the matches.
    mutating func order(in index: OrderIndex, by sort: OrderSort) {
        ordered = Self.ordering(matched, in: index, by: sort, every: orderOfEveryRow(for: matched, in: index, by: sort))
    }

    /// Stage 3: applies tab and toggles to the ordered matches and recounts.
    mutating func filter(in index: OrderIndex, by query: ListQuery, highValueThreshold: Decimal) {
        show(Self.tally(of: matched, in: index, by: query, highValueThreshold: highValueThreshold),
             in: index, by: query, highValueThreshold: highValueThreshold)
    }

    /// Stages 2 and 3 after the matches changed: the sort of the matches and their tally each only
    /// read the index, so they run side by side (on a machine with a core free, a key typed costs the
    /// longer of the two, not both); then the tab and toggles are applied.
    mutating func orderAndFilter(in index: OrderIndex, by query: ListQuery, highValueThreshold: Decimal) {
        let every = orderOfEveryRow(for: matched, in: index, by: query.sort)
        let matched = matched
        // Each part writes only its own result; both have when `concurrentPerform` returns.
        nonisolated(unsafe) var ordered: [OrderIndex.Slot] = []
        nonisolated(unsafe) var tally = OrderIndex.Tally(countsByStatus: [], totalsByCurrency: [:])
        DispatchQueue.concurrentPerform(iterations: 2) { part in
            if part == 0 {
                ordered = Self.ordering(matched, in: index, by: query.sort, every: every)
            } else {
                tally = Self.tally(of: matched, in: index, by: query, highValueThreshold: highValueThreshold)
            }
        }
        self.ordered = ordered
        show(tally, in: index, by: query, highValueThreshold: highValueThreshold)
    }

    /// The sort's order of every row when the matches are many (one pass over it leaves the others
    /// out, instead of walking the sort's groups again for each key typed); nil for a few matches,
    /// sorted on their own, and by due time: its every-row order is a full sort, redone after every
    /// change, while a search's matches sort in a fraction of that.
    private mutating func orderOfEveryRow(for matched: SlotSet, in index: OrderIndex,
                                          by sort: OrderSort) -> [OrderIndex.Slot]? {
        guard matched.count > index.count / 16, sort.key != .due else { return nil }
        if let cache = fullOrderCache, cache.sort == sort, cache.generation == index.generation { return cache.slots }
        let slots = index.orderedSlots(of: SlotSet(capacity: index.count, full: true), sort: sort)
        fullOrderCache = (sort, index.generation, slots)
        return slots
    }

    /// The matches in the sort's order: `every` with the others left out, or sorted on their own.
    private static func ordering(_ matched: SlotSet, in index: OrderIndex, by sort: OrderSort,
                                 every: [OrderIndex.Slot]?) -> [OrderIndex.Slot] {
        guard let every else { return index.orderedSlots(of: matched, sort: sort) }
        let members = matched.count
        guard members < index.count else { return every }
        var kept: [OrderIndex.Slot] = []
        kept.reserveCapacity(members)
        for slot in every where matched.contains(slot) { kept.append(slot) }
        return kept
    }

    /// Counts and sums do not depend on the order: taken in slot order, which reads memory sequentially.
    private static func tally(of matched: SlotSet, in index: OrderIndex, by query: ListQuery,
                              highValueThreshold: Decimal) -> OrderIndex.Tally {
        index.tally(of: matched, statusMask: query.statusMask, flaggedOnly: query.flaggedOnly,
                    highValueAbove: query.highValueLimit(highValueThreshold))
    }

    /// The rows the tab and toggles show, with the counts per tab and the sums of `tally`.
    private mutating func show(_ tally: OrderIndex.Tally, in index: OrderIndex, by query: ListQuery,
                               highValueThreshold: Decimal) {
        visible = query.showsEveryMatch ? ordered
            : index.filter(ordered, statusMask: query.statusMask, flaggedOnly: query.flaggedOnly,
                           highValueAbove: query.highValueLimit(highValueThreshold))
        var tabs: [StatusTab: Int] = [.all: tally.countsByStatus.reduce(0, +)]
        for status in OrderStatus.allCases {
            tabs[StatusTab.tab(for: status), default: 0] += tally.countsByStatus[status.workflowRank]
        }
        tabCounts = tabs
        totalsByCurrency = tally.totalsByCurrency
    }

    /// Bytes the result arrays hold (for the memory benchmark).
    var memoryFootprint: Int {
        ordered.capacity * 4 + visible.capacity * 4 + matched.words.capacity * 8
    }
}
