import OrdersCore

/// Range marking (lazygit's `v`, k9s' Ctrl-Space): the first press starts a range at the selected
/// order, the operator moves, and the second press marks every order the list shows from there
/// to here, both ends included, whichever way they moved. Marks already made stay.
///
/// The range is the list's own order at the second press. Where the list holds every row of the
/// range (the in-memory list, or a served window holding both ends and all between), the rows are
/// marked in place; a served list whose window does not hold it all reads the range from the server
/// (from the upper end's place in the sort, until the lower end), as `*` does, within the same limit.
public struct RangeStart: Equatable, Sendable {
    public var id: OrderID
    /// Its list position when the range started: which way the operator moved, if the window lets it go.
    public var position: Int
    public var number: String
    /// Its place in the sort, for reading the range from the server.
    var cursor: PageCursor

    public static func == (lhs: RangeStart, rhs: RangeStart) -> Bool {
        lhs.id == rhs.id && lhs.position == rhs.position && lhs.number == rhs.number
    }
}

extension OrderListModel {
    /// `v`: starts a range at the selected order, or marks the range from its start to the selection.
    public func markRange() {
        guard let start = rangeStart else { return startRange() }
        guard let endPosition = selectedIndex, let endCursor = selectedRowCursor else {
            // A served list still reading the rows the selection moved to: the range stays open.
            if selectedIndex != nil { errorMessage = Self.rowNotRead }
            return
        }
        rangeStart = nil
        statusMessage = nil
        let startPosition = position(of: start.id)
        if let startPosition {
            let positions = min(startPosition, endPosition)...max(startPosition, endPosition)
            // A served list marks at most as many as `*` does, held in its window or not.
            if let limit = source.markLimit, positions.count > limit {
                errorMessage = Self.rangeTooLong(limit: limit, formatter: formatter)
                return
            }
            let slots = positions.compactMap { slot(at: $0) }
            if slots.count == positions.count {
                for slot in slots { marks.insert(slot) }
                marksChanged()
                return
            }
        }
        // The list does not hold the whole range: a served list reads it from the upper end to the lower.
        let startIsUpper = (startPosition ?? start.position) <= endPosition
        let upper = startIsUpper ? start.cursor : endCursor
        let lower = startIsUpper ? endCursor.id : start.id
        guard source.markRangeNotHeld(from: upper, to: lower) else {
            errorMessage = "Mark range: \(start.number) is no longer shown; v starts a new range here"
            return
        }
    }

    /// The range's first end: the selected order.
    private func startRange() {
        guard let position = selectedIndex, let cursor = selectedRowCursor, let slot = slot(at: position) else {
            if selectedIndex != nil { errorMessage = Self.rowNotRead }
            return
        }
        let number = index.number(slot)
        rangeStart = RangeStart(id: index.id(slot), position: position, number: number, cursor: cursor)
        errorMessage = nil
        statusMessage = "Range from \(number): move, then v marks to here (U forgets it)"
    }

    /// Forgets a range started and not yet marked (`U`, and a new list of orders for the served list).
    func forgetRange() {
        guard rangeStart != nil else { return }
        rangeStart = nil
        statusMessage = nil
    }

    private static let rowNotRead = "Mark range: the selected row is still being read; press v again once it shows"

    static func rangeTooLong(limit: Int, formatter: OrderFormatter) -> String {
        "Mark range: more than \(formatter.count(limit)) orders; at most that many are marked at once on a list the server serves"
    }
}
