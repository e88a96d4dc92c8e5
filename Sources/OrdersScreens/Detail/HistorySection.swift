import OrdersCore
import OrdersPresentation
import TermRender

/// One change from the audit log: when, what, from → to, who.
struct HistoryEntryRow: View {
    let entry: HistoryEntry
    @Environment(\.theme) private var theme

    var body: some View {
        // One line an entry, cut at the right edge: a long note's text is whole under Notes.
        (Text(entry.dateText).style(theme.secondaryText) + Text("  ") + Text(entry.what + ": ").style(theme.secondaryText)
            + Text(entry.from) + Text(" → ").style(theme.secondaryText) + Text(entry.to).style(theme.accent)
            + Text("  by ").style(theme.secondaryText) + Text(entry.actor))
            .lineLimit(1)
    }
}
