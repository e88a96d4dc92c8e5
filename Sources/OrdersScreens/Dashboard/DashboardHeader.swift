import TerminalText
import TermRender

/// The top line: app name, database (as the list's header names it, `DatabaseLabel`), the
/// screen's name and whether figures are being computed.
struct DashboardHeader: View {
    let databaseName: String
    let isDemoData: Bool
    let status: String
    @Environment(\.theme) private var theme

    var body: some View {
        // Read here: the reader's content is built later, where the environment is not this view's.
        let theme = theme
        GeometryReader { size in
            HStack(spacing: 1) {
                Text("orders").style(theme.title)
                // "orders", "dashboard", the four spaces between the words and the status take the rest.
                let room = size.width - 6 - 9 - 4 - TerminalText.width(of: status)
                let path = DatabaseLabel.path(databaseName, isDemoData: isDemoData, width: room)
                if !path.isEmpty { Text(path).style(theme.secondaryText) }
                if isDemoData { Text(DatabaseLabel.demoWords).style(theme.warning) }
                Text("dashboard").style(theme.header)
                Spacer()
                Text(status).style(theme.secondaryText)
            }
        }
        .frame(height: 1)
    }
}
