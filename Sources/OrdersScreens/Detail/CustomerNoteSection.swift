import OrdersCore
import TermRender

/// What the customer wrote at checkout, with its own line breaks, apart from the staff's notes.
struct CustomerNoteSection: View {
    let text: String

    var body: some View {
        VStack(spacing: 0) {
            DetailSectionTitle("Customer's note")
            Text(text).padding(.leading, 2)
        }
    }
}
