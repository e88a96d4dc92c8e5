import OrdersStorage

extension OrderListModel {
    /// The team's operators, for completing a name (`:assign`, `assignee:`): everyone the
    /// store had seen assigned or acting when the list loaded, plus everyone assigned in the
    /// list now (an assignment made since, here or by another operator, counts at once).
    public var operators: [String] {
        OperatorNames.sorted(storeOperators + index.assigneeTable.strings)
    }

    /// The tags the list's orders carry, for completing `:tag` (each spelling once, sorted, case ignored).
    public var knownTags: [String] {
        var seen = Set<String>()
        return index.tagSetTable.joined().filter { seen.insert($0).inserted }
            .sorted { $0.localizedCaseInsensitiveCompare($1) == .orderedAscending }
    }
}
