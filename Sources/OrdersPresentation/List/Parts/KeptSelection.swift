/// The list's one rule for which row stays selected when the rows shown change (a search, a tab,
/// a sort, a live change, a new window of a served list): the same order if it is still shown;
/// else the nearest row that was after it and still is; else the nearest that was before it and
/// still is; else the same position, within the list. Both sources follow it: the indexed one over
/// its slots, the served one over the ids of the rows it held.
enum KeptSelection {
    /// The position to select among `rowCount` rows (nil when there are none).
    ///
    /// - `selected`: the row selected before the change (nil when none was, or it is not known).
    /// - `previousPosition`: where it stood.
    /// - `after`, `before`: the rows that stood after and before it, nearest first.
    /// - `isShown`, `position`: whether a row is shown now, and where. Asked of `selected` first, then
    ///   of the neighbours in turn: `isShown` can be cheap where `position` is a search.
    static func position<Row>(selected: Row?, previousPosition: Int?, after: some Sequence<Row>,
                              before: some Sequence<Row>, rowCount: Int, isShown: (Row) -> Bool,
                              position: (Row) -> Int?) -> Int? {
        guard rowCount > 0 else { return nil }
        if let selected {
            if let kept = position(selected) { return kept }
            let neighbour = after.first(where: isShown) ?? before.first(where: isShown)
            if let neighbour, let kept = position(neighbour) { return kept }
        }
        return min(max(previousPosition ?? 0, 0), rowCount - 1)
    }
}
