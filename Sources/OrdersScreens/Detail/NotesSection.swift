import OrdersCore
import TermRender

/// The operators' notes, oldest first: who and when on one line, the note wrapped below.
struct NotesSection: View {
    let notes: [DetailNote]
    @Environment(\.theme) private var theme

    var body: some View {
        // Read now: the rows below are built later, after this body has returned,
        // when `@Environment` no longer sees this view's environment.
        let theme = self.theme
        VStack(spacing: 0) {
            DetailSectionTitle("Notes")
            if notes.isEmpty {
                Text("No notes").style(theme.placeholder)
            }
            ForEach(Array(notes.indices), id: \.self) { index in
                let note = notes[index]
                VStack(spacing: 0) {
                    Text(note.author).style(theme.accent) + Text("  " + note.dateText).style(theme.secondaryText)
                    Text(note.text).padding(.leading, 2)
                }
                .padding(.bottom, index == notes.count - 1 ? 0 : 1)
            }
        }
    }
}
