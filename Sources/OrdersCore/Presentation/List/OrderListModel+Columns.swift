extension OrderListModel {
    /// The columns the table shows, in order, after the marks (which always show first): the
    /// chosen ones, or every one. Due shows only with a fulfilment promise (there is nothing to be
    /// due against without one), wherever the choice puts it.
    ///
    /// The columns stay while the operator refines the search of a shown view (so `:save` keeps
    /// them); a status tab goes back to every column (`selectTab`).
    public var shownColumns: [ListColumn] {
        (chosenColumns ?? ListColumn.allCases).filter { $0 != .due || showsDueTimes }
    }

    /// Shows these columns in this order (`:columns`, a saved view); nil shows every column.
    public func setColumns(_ columns: [ListColumn]?) {
        let columns = columns.flatMap { $0.isEmpty || $0 == ListColumn.allCases ? nil : $0 }
        if columns != chosenColumns { chosenColumns = columns }
    }
}
