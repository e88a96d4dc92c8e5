import Foundation
import OrdersCore

/// What the list is asked to show: the search text (and the filters it parsed to),
/// the status tab, the two toggles and the sort. A plain value, so what the list
/// shows is a function of it (`ListPipeline`) and it can be tested on its own.
public struct ListQuery: Hashable, Sendable {
    /// What is typed in the search box.
    public var searchText = ""
    /// The filters of the last search text that parsed.
    public var searchFilters: [OrderFilter] = []
    /// Why the search text cannot be used; the filters stay those of the last good text.
    public var queryError: SearchQueryError?
    public var statusTab: StatusTab = .all
    public var highValueOnly = false
    public var flaggedOnly = false
    public var sort: OrderSort = .default

    public init(searchText: String = "", searchFilters: [OrderFilter] = [], statusTab: StatusTab = .all,
                highValueOnly: Bool = false, flaggedOnly: Bool = false, sort: OrderSort = .default) {
        self.searchText = searchText
        self.searchFilters = searchFilters
        self.statusTab = statusTab
        self.highValueOnly = highValueOnly
        self.flaggedOnly = flaggedOnly
        self.sort = sort
    }

    /// Takes new search text. A malformed text is kept with its error and leaves the
    /// filters as they were (the list keeps its last good result). Returns whether the
    /// filters were replaced. `promise` has no default on purpose: every way into the list's
    /// search (typing, a saved view) must read `overdue` with the config's promise.
    @discardableResult
    public mutating func setSearchText(_ text: String, now: Date, calendar: Calendar,
                                       promise: FulfilmentPromise?, actor: String? = nil) -> Bool {
        searchText = text
        do {
            searchFilters = try SearchQueryParser.parse(text, now: now, calendar: calendar, promise: promise, actor: actor)
            queryError = nil
            return true
        } catch {
            queryError = error
            return false
        }
    }

    /// The same query as the store understands it (`orders list --search` runs this through the store).
    public func orderQuery(highValueThreshold: Decimal) -> OrderQuery {
        var filters = searchFilters
        if let statuses = statusTab.statuses { filters.append(OrderFilter(.status(statuses))) }
        if highValueOnly { filters.append(OrderFilter(.highValue(threshold: highValueThreshold))) }
        if flaggedOnly { filters.append(OrderFilter(.flagged)) }
        return OrderQuery(filters: filters, sort: sort)
    }

    /// The tab's statuses as the index tests them (every status when the tab shows all).
    var statusMask: StatusMask {
        statusTab.statuses.map { StatusMask($0) } ?? .all
    }

    /// The high-value threshold to filter by, nil when the toggle is off.
    func highValueLimit(_ threshold: Decimal) -> Decimal? {
        highValueOnly ? threshold : nil
    }

    /// Whether the tab and toggles show every match (the visible rows are then the ordered matches).
    var showsEveryMatch: Bool {
        statusTab.statuses == nil && !highValueOnly && !flaggedOnly
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
}
