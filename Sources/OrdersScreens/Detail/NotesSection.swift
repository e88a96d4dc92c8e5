import OrdersCore
import OrdersPresentation
import TermRender

/// One operator's note: who and when on one line, the note below with its own line breaks.
struct NoteEntry: View {
    let note: DetailNote
    @Environment(\.theme) private var theme

    var body: some View {
        VStack(spacing: 0) {
            Text(note.author).style(theme.accent) + Text("  " + note.dateText).style(theme.secondaryText)
            Text(note.text).padding(.leading, 2)
        }
    }
}
