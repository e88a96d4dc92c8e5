import OrdersCore

extension OrderListModel {
    /// The columns the table shows, in order, after the marks (which always show first): the
    /// chosen ones, or the standard ones (`ListColumn.standard`). Due shows only with a fulfilment promise (there is nothing to be
    /// due against without one), wherever the choice puts it.
    ///
    /// The columns stay while the operator refines the search of a shown view (so `:save` keeps
    /// them); a status tab goes back to the standard columns (`selectTab`).
    public var shownColumns: [ListColumn] {
        (chosenColumns ?? ListColumn.standard).filter { $0 != .due || showsDueTimes }
    }

    /// Shows these columns in this order (`:columns`, a saved view); nil shows the standard columns.
    public func setColumns(_ columns: [ListColumn]?) {
        let columns = columns.flatMap { $0.isEmpty || $0 == ListColumn.standard ? nil : $0 }
        if columns != chosenColumns { chosenColumns = columns }
    }
}
