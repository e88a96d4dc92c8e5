import OrdersCore
import TermRender

/// The narrow arrangement: every section in one column that scrolls as a whole.
struct DetailSingleColumn: View {
    /// Room for a label and a typical email; longer values end in "…".
    static let customerMaxWidth = 42

    let model: OrderDetailModel
    let scroll: Binding<ScrollState>

    var body: some View {
        ScrollView(state: scroll) {
            VStack(spacing: 1) {
                // Side by side even at 80 columns; a long name or email is cut, not
                // allowed to push the workflow off screen.
                HStack(alignment: .top, spacing: 2) {
                    CustomerSection(model: model).frame(maxWidth: Self.customerMaxWidth)
                    WorkflowSection(model: model)
                }
                .lineLimit(1)
                OrderMoneySection(model: model)
                HistorySection(entries: model.statusHistory)
                NotesSection(notes: model.notes)
            }
        }
    }
}
