import OrdersCore
import TermRender

/// The order's status changes from the audit log, oldest first: when, who, from → to.
struct HistorySection: View {
    let entries: [StatusHistoryEntry]
    @Environment(\.theme) private var theme

    var body: some View {
        // Read now: the rows below are built later, after this body has returned,
        // when `@Environment` no longer sees this view's environment.
        let theme = self.theme
        VStack(spacing: 0) {
            DetailSectionTitle("History")
            if entries.isEmpty {
                Text("No status changes yet").style(theme.placeholder)
            }
            ForEach(Array(entries.indices), id: \.self) { index in
                let entry = entries[index]
                Text(entry.dateText).style(theme.secondaryText) + Text("  ")
                    + Text(entry.from) + Text(" → ").style(theme.secondaryText) + Text(entry.to).style(theme.accent)
                    + Text("  by ").style(theme.secondaryText) + Text(entry.actor)
            }
        }
    }
}
