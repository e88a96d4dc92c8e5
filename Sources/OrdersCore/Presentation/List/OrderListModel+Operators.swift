extension OrderListModel {
    /// The team's operators, for completing a name (`:assign`, `assignee:`): everyone the
    /// store had seen assigned or acting when the list loaded, plus everyone assigned in the
    /// list now (an assignment made since, here or by another operator, counts at once).
    public var operators: [String] {
        OperatorNames.sorted(storeOperators + index.assigneeTable.strings)
    }
}
