import OrdersCore
import OrdersPresentation
import TermRender

/// The wide arrangement: the order (customer, items, money, history) on the left and the
/// workflow and notes on the right, separated by a rule; each side scrolls on its own.
struct DetailTwoColumns: View {
    static let gap = 3

    let model: OrderDetailModel
    let scroll: Binding<DetailScroll>
    let size: Size

    var body: some View {
        let left = DetailLayout.leftWidth(total: size.width, gap: Self.gap)
        return HStack(alignment: .top, spacing: 1) {
            DetailColumn(items: DetailItemList([.one(.customer)] + DetailItem.customerOrders(model) + [.one(.money)] + DetailItem.shop(model)
                                                       + DetailItem.shopFacts(model) + DetailItem.history(model)),
                         model: model, scroll: scroll.order,
                         isFocused: scroll.wrappedValue.focusedPane == .order)
                .frame(width: left)
            Divider()
            VStack(spacing: 1) {
                WorkflowSection(model: model)
                DetailColumn(items: DetailItemList(DetailItem.notes(model)), model: model, scroll: scroll.notes,
                             isFocused: scroll.wrappedValue.focusedPane == .notes)
            }
            .frame(maxWidth: .infinity, maxHeight: .infinity)
        }
    }
}
