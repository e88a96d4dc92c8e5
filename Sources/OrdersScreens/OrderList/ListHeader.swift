import OrdersCore
import TermRender

/// The top line: app name, database, and how many orders are shown.
struct ListHeader: View {
    let databaseName: String
    let summary: ListSummary
    let loading: LoadingState
    @Environment(\.theme) private var theme

    public var body: some View {
        HStack(spacing: 1) {
            Text("orders").style(theme.title)
            Text(databaseName).style(theme.secondaryText)
            Spacer()
            Text(ListHeader.countText(summary: summary, loading: loading)).style(theme.secondaryText)
        }
    }

    static func countText(summary: ListSummary, loading: LoadingState) -> String {
        if case .loading(let loaded, let total?) = loading, loaded < total {
            return "loading \(loaded)/\(total)"
        }
        return "\(summary.shown)/\(summary.total) orders"
    }
}
