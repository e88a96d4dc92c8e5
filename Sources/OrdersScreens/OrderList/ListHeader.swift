import OrdersCore
import TermRender

/// The top line: app name, database, and how many orders are shown (or loading progress).
struct ListHeader: View {
    let databaseName: String
    let countText: String
    @Environment(\.theme) private var theme

    public var body: some View {
        HStack(spacing: 1) {
            Text("orders").style(theme.title)
            Text(databaseName).style(theme.secondaryText)
            Spacer()
            Text(countText).style(theme.secondaryText)
        }
    }
}
