import TermRender

/// The top line: app name, database, the screen's name and whether figures are being computed.
struct DashboardHeader: View {
    let databaseName: String
    let status: String
    @Environment(\.theme) private var theme

    var body: some View {
        HStack(spacing: 1) {
            Text("orders").style(theme.title)
            Text(databaseName).style(theme.secondaryText)
            Text("dashboard").style(theme.header)
            Spacer()
            Text(status).style(theme.secondaryText)
        }
    }
}
