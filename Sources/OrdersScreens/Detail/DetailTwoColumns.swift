import OrdersCore
import TermRender

/// The wide arrangement: the order (customer, items, money, history) on the left;
/// workflow and the scrolling notes on the right, separated by a rule.
struct DetailTwoColumns: View {
    static let gap = 3

    let model: OrderDetailModel
    let notesScroll: Binding<ScrollState>
    let size: Size

    /// Item rows that fit in the left pane with the customer above and the totals
    /// and the history's first entry below; never fewer than three.
    static func maxItemRows(height: Int) -> Int {
        let customer = 5, totals = 5, history = 2, titlesAndGaps = 1 + 1 + 1 + 1
        return max(3, height - customer - totals - history - titlesAndGaps)
    }

    var body: some View {
        let left = DetailLayout.leftWidth(total: size.width, gap: Self.gap)
        return HStack(alignment: .top, spacing: 1) {
            VStack(spacing: 1) {
                CustomerSection(model: model)
                OrderMoneySection(model: model, maxItemRows: Self.maxItemRows(height: size.height))
                HistorySection(entries: model.statusHistory)
            }
            .frame(width: left)
            Divider()
            VStack(spacing: 1) {
                WorkflowSection(model: model)
                ScrollView(state: notesScroll) {
                    NotesSection(notes: model.notes)
                }
            }
            .frame(maxWidth: .infinity, maxHeight: .infinity)
        }
    }
}
