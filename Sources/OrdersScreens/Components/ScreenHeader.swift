import TerminalText
import TermRender

/// The top line of a screen other than the list: app name, database (as the list's header names it,
/// `DatabaseLabel`), the screen's name and its status on the right (the dashboard's, the rules').
struct ScreenHeader: View {
    let databaseName: String
    let isDemoData: Bool
    /// The screen's name: `dashboard`, `rules`.
    let screen: String
    let status: String
    @Environment(\.theme) private var theme

    var body: some View {
        // Read here: the reader's content is built later, where the environment is not this view's.
        let theme = theme
        GeometryReader { size in
            HStack(spacing: 1) {
                Text("orders").style(theme.title)
                // "orders", the screen's name, the four spaces between the five parts (the spacer is one)
                // and the status take the rest.
                let room = size.width - 6 - TerminalText.width(of: screen) - 4 - TerminalText.width(of: status)
                let path = DatabaseLabel.path(databaseName, isDemoData: isDemoData, width: room)
                if !path.isEmpty { Text(path).style(theme.secondaryText) }
                if isDemoData { Text(DatabaseLabel.demoWords).style(theme.warning) }
                Text(screen).style(theme.header)
                Spacer()
                Text(status).style(theme.secondaryText)
            }
        }
        .frame(height: 1)
    }
}
