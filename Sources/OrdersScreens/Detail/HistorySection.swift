import OrdersCore
import TermRender

/// One status change from the audit log: when, who, from → to.
struct HistoryEntryRow: View {
    let entry: StatusHistoryEntry
    @Environment(\.theme) private var theme

    var body: some View {
        Text(entry.dateText).style(theme.secondaryText) + Text("  ")
            + Text(entry.from) + Text(" → ").style(theme.secondaryText) + Text(entry.to).style(theme.accent)
            + Text("  by ").style(theme.secondaryText) + Text(entry.actor)
    }
}
