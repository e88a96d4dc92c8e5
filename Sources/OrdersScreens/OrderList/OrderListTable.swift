import OrdersCore
import TermRender

/// The virtualised order table: only the rows on screen are ever built.
struct OrderListTable: View {
    let model: OrderListModel
    let screenState: ListScreenState
    @Environment(\.theme) private var theme

    static let columns: [TableColumn] = [
        TableColumn("ID", width: .fixed(11), priority: 10),
        TableColumn("Date", width: .fixed(10), priority: 6),
        TableColumn("Customer", width: .flexible(min: 12), priority: 9),
        .numeric("Total", width: .fixed(14), priority: 8),
        TableColumn("Status", width: .fixed(10), priority: 7),
    ]

    public var body: some View {
        _ = model.revision // rows change in place; reading the revision redraws them
        var state = screenState.table
        state.selection = model.selectedIndex
        let binding = Binding(get: { state }, set: { screenState.table = $0 })
        return Table(columns: Self.columns, rowCount: model.rowCount, state: binding) { index in
            guard let row = model.row(at: index) else { return [] }
            return [
                Text(row.idText),
                Text(row.dateText).style(theme.secondaryText),
                Text(row.customer),
                Text(row.totalText),
                Text(row.statusText).style(theme.style(for: row.status)),
            ]
        }
        .emptyText(Text(model.loadingState.isLoading ? "Loading orders…" : "No orders match").style(theme.placeholder))
    }
}

extension Theme {
    /// The colour an order status is shown in; the status is always spelled out
    /// too, so monochrome terminals lose nothing.
    func style(for status: OrderStatus) -> Style {
        switch status {
        case .pending: warning
        case .processing: info
        case .shipped: accent
        case .completed: success
        case .cancelled, .refunded: secondaryText
        }
    }
}
