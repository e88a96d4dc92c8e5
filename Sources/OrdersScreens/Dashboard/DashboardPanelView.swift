import OrdersCore
import OrdersPresentation
import TermRender

/// One panel: its heading (with the focused number, when it has the focus), its chart, and its caption.
struct DashboardPanelView: View {
    let panel: DashboardPanel
    let heading: String
    let content: DashboardPanelContent?
    let items: [DashboardItem]
    let selection: Int?
    let selectionText: String?
    @Environment(\.theme) private var theme

    var body: some View {
        VStack(spacing: 0) {
            HStack(spacing: 1) {
                Text(heading).style(selection != nil ? theme.accent : theme.header)
                Spacer()
                if let selectionText { Text(selectionText).style(theme.accent) }
            }
            if content == nil {
                Text("…").style(theme.secondaryText)
            } else {
                chart
                if let caption = content?.caption, !caption.isEmpty { Text(caption).style(theme.secondaryText) }
            }
        }
    }

    @ViewBuilder private var chart: some View {
        switch panel.chart {
        case .sparkline:
            Sparkline(values: items.map(\.value), selection: selection, highlighted: items.highlightedPositions).stretched()
        case .histogram:
            Histogram(buckets: items.map(\.chartBar), selection: selection).frame(height: 6)
        case .bars:
            BarChart(bars: items.map(\.chartBar), selection: selection).frame(height: max(1, items.count))
        }
    }
}
