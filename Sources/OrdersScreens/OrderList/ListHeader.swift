import OrdersCore
import TerminalText
import TermRender

/// The top line: app name, database (its path, and "demo data" for the first run's orders,
/// `DatabaseLabel`), and how many orders are shown (or loading progress), which keeps its room.
struct ListHeader: View {
    let databaseName: String
    let isDemoData: Bool
    let countText: String
    @Environment(\.theme) private var theme

    public var body: some View {
        // Read here: the reader's content is built later, where the environment is not this view's.
        let theme = theme
        GeometryReader { size in
            HStack(spacing: 1) {
                Text("orders").style(theme.title)
                // "orders", the three spaces (after it, and both sides of the spacer) and the count take the rest.
                let room = size.width - 6 - 3 - TerminalText.width(of: countText)
                let path = DatabaseLabel.path(databaseName, isDemoData: isDemoData, width: room)
                if !path.isEmpty { Text(path).style(theme.secondaryText) }
                if isDemoData { Text(DatabaseLabel.demoWords).style(theme.warning) }
                Spacer()
                Text(countText).style(theme.secondaryText)
            }
        }
        .frame(height: 1)
    }
}
