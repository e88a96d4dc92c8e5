import Foundation
import OrdersCore

extension OrderListModel {
    /// The whole query the list shows: search, tab and toggles, in the list's sort.
    /// `orders list --search` runs the same search through the store.
    public var query: OrderQuery {
        listQuery.orderQuery(highValueThreshold: environment.highValueThreshold)
    }

    /// The user typed: parse and search; a malformed query keeps the last good result.
    public func searchTextChanged(_ text: String) {
        let previous = listQuery.searchFilters
        guard listQuery.setSearchText(text, now: environment.now(), calendar: environment.calendar,
                                            promise: environment.fulfilmentPromise, actor: environment.actor) else { return }
        cancelGoingToTheEnd()
        source.queryChanged(.search(previous: previous))
    }

    /// Shows a status tab, with the standard columns again: a status tab leaves the saved views, whose
    /// columns go with them.
    public func selectTab(_ tab: StatusTab) {
        setColumns(nil)
        guard tab != listQuery.statusTab else { return }
        listQuery.statusTab = tab
        viewFiltersChanged()
    }

    public func setHighValueOnly(_ on: Bool) {
        guard on != listQuery.highValueOnly else { return }
        listQuery.highValueOnly = on
        viewFiltersChanged()
    }

    public func setFlaggedOnly(_ on: Bool) {
        guard on != listQuery.flaggedOnly else { return }
        listQuery.flaggedOnly = on
        viewFiltersChanged()
    }

    /// Sorts by a column; choosing the current column again flips the direction.
    public func sort(by key: OrderSortKey) {
        setSort(key == sort.key ? OrderSort(key, ascending: !sort.ascending) : OrderSort(key))
    }

    public func setSort(_ newSort: OrderSort) {
        guard newSort != listQuery.sort else { return }
        listQuery.sort = newSort
        cancelGoingToTheEnd()
        source.queryChanged(.sort)
    }

    private func viewFiltersChanged() {
        cancelGoingToTheEnd()
        source.queryChanged(.filters)
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
