import OrdersCore
import TermRender

/// The narrow arrangement: every section in one column that scrolls as a whole.
struct DetailSingleColumn: View {
    let model: OrderDetailModel
    let scroll: Binding<ScrollState>

    var body: some View {
        ScrollView(state: scroll) {
            VStack(spacing: 1) {
                HStack(alignment: .top, spacing: 2) {
                    CustomerSection(model: model)
                    WorkflowSection(model: model)
                }
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
    let width: Int

    var body: some View {
        let left = DetailLayout.leftWidth(total: width, gap: Self.gap)
        return HStack(alignment: .top, spacing: 1) {
            VStack(spacing: 1) {
                CustomerSection(model: model)
                OrderMoneySection(model: model)
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

    var body: some View {
        VStack(spacing: 0) {
            DetailSectionTitle("Items")
            LineItemsTable(lines: model.lines)
            if let totals = model.totals {
                TotalsSection(totals: totals)
            }
        }
    }
}
