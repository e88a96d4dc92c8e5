import Foundation

extension OrderListModel {
    /// The whole query the list shows: search, tab and toggles, in the list's sort.
    /// `orders list --search` runs the same search through the store.
    public var query: OrderQuery {
        var filters = searchFilters
        if let statuses = statusTab.statuses { filters.append(OrderFilter(.status(statuses))) }
        if highValueOnly { filters.append(OrderFilter(.highValue(threshold: environment.highValueThreshold))) }
        if flaggedOnly { filters.append(OrderFilter(.flagged)) }
        return OrderQuery(filters: filters, sort: sort)
    }

    /// The user typed: parse and search; a malformed query keeps the last good result.
    public func searchTextChanged(_ text: String) {
        searchText = text
        let filters: [OrderFilter]
        do {
            filters = try SearchQueryParser.parse(text, now: environment.now(), calendar: environment.calendar)
        } catch {
            queryError = error
            return
        }
        queryError = nil
        let previous = searchFilters
        searchFilters = filters
        if !indexIsComplete {
            refreshPreview()
            return
        }
        if Self.refines(filters, previous) {
            // Every old match passes the old terms, so only the new or changed terms need testing:
            // one more key costs one term's pass however long the query is.
            matched = index.evaluate(filters.filter { !previous.contains($0) }, within: matched)
        } else {
            matched = index.evaluate(filters)
        }
        reorder()
    }

    public func selectTab(_ tab: StatusTab) {
        guard tab != statusTab else { return }
        statusTab = tab
        viewFiltersChanged()
    }

    public func setHighValueOnly(_ on: Bool) {
        guard on != highValueOnly else { return }
        highValueOnly = on
        viewFiltersChanged()
    }

    public func setFlaggedOnly(_ on: Bool) {
        guard on != flaggedOnly else { return }
        flaggedOnly = on
        viewFiltersChanged()
    }

    /// Sorts by a column; choosing the current column again flips the direction.
    public func sort(by key: OrderSortKey) {
        setSort(key == sort.key ? OrderSort(key, ascending: !sort.ascending) : OrderSort(key))
    }

    public func setSort(_ newSort: OrderSort) {
        guard newSort != sort else { return }
        sort = newSort
        if indexIsComplete { reorder() } else { refreshPreview() }
    }

    private func viewFiltersChanged() {
        if indexIsComplete { refilterView() } else { refreshPreview() }
    }

    /// Whether every old filter is implied by some new one, so the new result is a
    /// subset of the old and only the old matches need testing (typing one more letter).
    static func refines(_ new: [OrderFilter], _ old: [OrderFilter]) -> Bool {
        old.allSatisfy { oldFilter in
            new.contains { newFilter in
                if newFilter == oldFilter { return true }
                guard !newFilter.isNegated, !oldFilter.isNegated else { return false }
                switch (newFilter.predicate, oldFilter.predicate) {
                case (.text(let a), .text(let b)):
                    return FastFolding.fold(a).contains(FastFolding.fold(b)) || FastFolding.fold(b).isEmpty
                case (.customer(let a), .customer(let b)):
                    let shorter = FastFolding.fold(b)
                    return !shorter.isEmpty && FastFolding.fold(a).contains(shorter)
                default:
                    return false
                }
            }
        }
    }

    /// Character ranges of `text` matched by the search's plain words and `customer:` terms.
    static func highlights(in text: String, for filters: [OrderFilter]) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        for filter in filters where !filter.isNegated {
            let needle: String
            switch filter.predicate {
            case .text(let word), .customer(let word): needle = word
            default: continue
            }
            guard !needle.isEmpty else { continue }
            var searchStart = text.startIndex
            while searchStart < text.endIndex,
                  let found = text.range(of: needle, options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive],
                                         range: searchStart..<text.endIndex) {
                let lower = text.distance(from: text.startIndex, to: found.lowerBound)
                ranges.append(lower..<lower + text.distance(from: found.lowerBound, to: found.upperBound))
                searchStart = found.upperBound > found.lowerBound ? found.upperBound : text.index(after: found.lowerBound)
            }
        }
        ranges.sort { $0.lowerBound < $1.lowerBound }
        var merged: [Range<Int>] = []
        for range in ranges {
            if let last = merged.last, range.lowerBound <= last.upperBound {
                merged[merged.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
            } else {
                merged.append(range)
            }
        }
        return merged
    }
}
