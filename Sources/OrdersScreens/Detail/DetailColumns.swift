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

/// The line items with the totals under them.
struct OrderMoneySection: View {
    let model: OrderDetailModel
    var maxItemRows: Int?

    var body: some View {
        VStack(spacing: 0) {
            DetailSectionTitle("Items")
            LineItemsTable(lines: model.lines, maxRows: maxItemRows)
            if let totals = model.totals {
                TotalsSection(totals: totals)
            }
        }
    }
}
