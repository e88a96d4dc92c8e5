import OrdersCore
import TermRender

/// The top line: app name, database, and how many orders are shown (or loading progress).
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
            let percent = total > 0 ? loaded * 100 / total : 0
            return "loading \(loaded)/\(total) (\(percent)%)"
        }
        return "\(summary.shown)/\(summary.total) orders"
    }
}
