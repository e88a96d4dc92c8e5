import OrdersCore
import OrdersPresentation
import TermRender

/// The line above the key hints: the last error or message, whether the database can be
/// reached, whether writes are under way, where each connected shop stands, then the marked
/// count and the sums per currency.
struct StatusBar: View {
    let model: OrderListModel
    let shopSync: ShopSyncModel?
    @Environment(\.theme) private var theme

    public var body: some View {
        HStack(spacing: 2) {
            if let line = model.statusLine {
                Text(line.text).style(line.isError ? theme.danger : theme.info).lineLimit(1).layoutPriority(2)
            }
            Spacer()
            if let connection = model.connectionText {
                Text(connection).style(theme.warning).lineLimit(1).layoutPriority(2)
            }
            if let writing = model.writeState.text {
                Text(writing).style(theme.warning).lineLimit(1).layoutPriority(1)
            }
            if let shops = shopSync?.statusText {
                Text(shops).style(shopSync?.hasFailure == true ? theme.warning : theme.secondaryText).lineLimit(1)
            }
            if let overdue = model.overdueFigure {
                Text(overdue).style(model.hasOverdue ? theme.danger : theme.secondaryText).lineLimit(1)
            }
            Text(model.summaryFigures).style(theme.secondaryText).lineLimit(1)
        }
    }
}
