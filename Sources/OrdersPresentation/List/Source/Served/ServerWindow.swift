import Foundation
import OrdersCore
import OrdersStorage

/// The rows the list holds when the server serves it (`ServerListStore`): a contiguous run of
/// the query's result, from list position `offset`, plus the server's counts. Memory is bounded
/// by `maximumRows`, whatever the number of orders. A plain value: which rows to fetch next
/// (`fetch(toCover:)`) and how fetched rows join the held ones (`taking(_:from:limit:needed:)`) are pure.
struct ServerWindow: Sendable {
    /// Rows asked for at once: a few screens, so paging rarely waits.
    static let fetchSize = 200
    /// Rows held at most; the ones farthest from what is needed go first.
    static let maximumRows = 3 * fetchSize

    /// The server query these rows answer (search, tab, toggles and sort).
    var query: OrderQuery
    /// The statuses of the query's tab (nil: every status): which of the tally's counts are its rows.
    var statuses: Set<OrderStatus>?
    /// The list position of `rows[0]`.
    var offset = 0
    /// The rows held, in list order.
    var rows: [OrderIndexRow] = []
    /// The search's (and toggles') matches per status and currency, whatever the tab: the tabs' counts.
    /// Nil while the server counts them (a new search shows its rows first).
    var tally: ListTally? = ListTally()
    /// The filters `tally` counts (the search and toggles, every tab); nil before any count.
    var countedFilters: [OrderFilter]?
    /// How many rows the list has: the tally's matches of the tab's statuses. While the tally is
    /// being counted, the rows known so far: up to the last row read, exact once a read came back
    /// short of what it asked for (`rowCountIsExact`).
    var rowCount = 0
    /// Whether `rowCount` is the list's length, not only the rows known so far.
    var rowCountIsExact = true
    /// The list position guessed for the selected order's place when a new search's rows were read
    /// around it (`around`) with more before it than were read: its place is counted after they
    /// are shown, and `placed(at:)` moves every position by the difference. Nil when positions are
    /// known. Meanwhile only reads after the held rows continue them.
    var guessedPlace: Int?
    /// Whether `offset` (and every position) is a guess, until `placed(at:)`.
    var offsetIsGuess: Bool { guessedPlace != nil }

    /// The list positions held.
    var heldPositions: Range<Int> { offset..<offset + rows.count }

    /// Whether the held rows run to the end of the list.
    var holdsEnd: Bool { rowCountIsExact && offset + rows.count >= rowCount }

    /// What to fetch so that `needed` (clamped to the list) is held, or nil when it is.
    /// Next to the held rows, keyset paging continues from their first or last row; the end
    /// of the list is read backwards; anything else is a jump by offset. While the length is not
    /// known, the list may go on after the rows known, and its end cannot be read backwards.
    func fetch(toCover needed: Range<Int>) -> (start: ListWindowStart, limit: Int)? {
        let wanted = needed.clamped(to: 0..<(rowCountIsExact ? rowCount : Int.max))
        guard !wanted.isEmpty, !(heldPositions.contains(wanted.lowerBound)
                                 && heldPositions.contains(wanted.upperBound - 1)) else { return nil }
        let held = heldPositions
        if offsetIsGuess {
            // Positions are not known yet: only the rows right after the held ones can be read.
            guard let last = rows.last, wanted.upperBound > held.upperBound, wanted.lowerBound <= held.upperBound else { return nil }
            return (.after(PageCursor(last)), max(Self.fetchSize, wanted.upperBound - held.upperBound))
        }
        if let last = rows.last, wanted.upperBound > held.upperBound, wanted.lowerBound >= held.lowerBound,
           wanted.lowerBound <= held.upperBound {
            return (.after(PageCursor(last)), max(Self.fetchSize, wanted.upperBound - held.upperBound))
        }
        if let first = rows.first, wanted.lowerBound < held.lowerBound, wanted.upperBound <= held.upperBound,
           wanted.upperBound >= held.lowerBound {
            return (.before(PageCursor(first)), max(Self.fetchSize, held.lowerBound - wanted.lowerBound))
        }
        if rowCountIsExact, wanted.upperBound >= rowCount - Self.fetchSize {
            return (.end, max(Self.fetchSize, rowCount - wanted.lowerBound))
        }
        let start = max(0, wanted.lowerBound - Self.fetchSize / 4)
        return (.offset(start), max(Self.fetchSize, wanted.upperBound - start))
    }

    /// The window after `fetched` rows arrived from `start` (`limit` asked for): joined to the held
    /// rows when they continue them, else in their place; trimmed to `maximumRows` around `needed`.
    /// While the length is not known, rows read further make it longer, and a read forwards that
    /// came back short found the end.
    func taking(_ fetched: [OrderIndexRow], from start: ListWindowStart, limit: Int, needed: Range<Int>) -> ServerWindow {
        var next = self
        switch start {
        case .after:
            next.rows = rows + fetched
        case .before:
            next.rows = fetched + rows
            next.offset = offset - fetched.count
        case .end:
            next.rows = fetched
            next.offset = max(0, rowCount - fetched.count)
        case .offset(let position):
            next.rows = fetched
            next.offset = position
        case .from:
            // The rows from a selected order on, in place of the held ones (`around` places them).
            next.rows = fetched
        }
        if !rowCountIsExact {
            next.rowCount = max(rowCount, next.offset + next.rows.count)
            switch start {
            case .after, .offset, .from:
                if fetched.count < limit {
                    next.rowCount = next.offset + next.rows.count
                    next.rowCountIsExact = true
                }
            case .before, .end:
                break
            }
        }
        next.trim(around: needed)
        return next
    }

    /// The window with the server's counts in: the list's length is the tab's matches (once the
    /// rows' place is known: a guessed one keeps the rows known until `placed(at:)`).
    func counted(_ tally: ListTally) -> ServerWindow {
        var next = self
        next.tally = tally
        guard !offsetIsGuess else { return next }
        next.rowCount = tally.count(of: statuses)
        next.rowCountIsExact = true
        return next
    }

    /// Rows read around the selected order instead of counting where it stands: a new search's before
    /// its counts (`tally` nil), or a sort change or tab switch under a search, whose counts are held
    /// but whose place would be a scan of the matches. `before`, the rows right before it (asked for
    /// `beforeLimit`), and `from`, it or the first after it on (asked for `limit`). A short `before`
    /// read tells the order's place exactly (that many come before it); so does a short `from` read
    /// when the counts are known (the rest of the list is that long). Else the place is guessed at
    /// `guess`, where it stood before, until it is counted.
    func around(before: [OrderIndexRow], beforeLimit: Int, from: [OrderIndexRow], limit: Int, guess: Int) -> ServerWindow {
        var next = self
        let length = tally?.count(of: statuses)
        var placeIsKnown = before.count < beforeLimit
        var place = placeIsKnown ? before.count : max(guess, before.count)
        if let length, !placeIsKnown {
            if from.count < limit {
                place = length - from.count
                placeIsKnown = true
            } else {
                // The guess leaves room for the rows read from it on.
                place = max(before.count, min(place, length - from.count))
            }
        }
        next.offset = place - before.count
        next.rows = before + from
        next.guessedPlace = placeIsKnown ? nil : place
        if let length {
            next.rowCount = length
            next.rowCountIsExact = true
        } else {
            next.rowCount = next.offset + next.rows.count
            next.rowCountIsExact = from.count < limit
        }
        return next
    }

    /// The window once the place it guessed is counted (`place` rows come before the selected order
    /// its rows were read around): every position moves by the difference.
    func placed(at place: Int) -> ServerWindow {
        guard let guessedPlace else { return self }
        let shift = place - guessedPlace
        var next = self
        next.offset += shift
        next.guessedPlace = nil
        if let tally {
            next.rowCount = tally.count(of: statuses)
            next.rowCountIsExact = true
        } else {
            next.rowCount += shift
        }
        return next
    }

    /// Drops the rows farthest from `needed` until at most `maximumRows` are held.
    private mutating func trim(around needed: Range<Int>) {
        guard rows.count > Self.maximumRows else { return }
        let centre = (needed.lowerBound + needed.upperBound) / 2 - offset
        let first = min(max(0, centre - Self.maximumRows / 2), rows.count - Self.maximumRows)
        rows = Array(rows[first..<first + Self.maximumRows])
        offset += first
    }
}
