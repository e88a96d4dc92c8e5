import OrdersCore
import OrdersPresentation
import TermRender

/// Whether the database can be reached, above the hints, as the list's status bar and the detail
/// say it: the figures shown may be older than the outage. Nothing while all is well.
struct DashboardConnectionLine: View {
    let model: DashboardModel
    @Environment(\.theme) private var theme

    var body: some View {
        if let connection = model.connectionText {
            Text(connection).style(theme.warning).lineLimit(1)
        }
    }
}
