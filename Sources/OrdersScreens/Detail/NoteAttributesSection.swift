import OrdersCore
import TermRender

/// The key/value pairs the shop attached to the order, one a line.
struct NoteAttributesSection: View {
    let lines: [String]

    var body: some View {
        VStack(spacing: 0) {
            DetailSectionTitle("Note attributes")
            ForEach(lines.indices) { index in
                Text(lines[index])
            }
        }
    }
}
