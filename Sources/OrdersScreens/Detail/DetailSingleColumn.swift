import OrdersCore
import OrdersPresentation
import TermRender

/// The narrow arrangement: every section in one column that scrolls as a whole.
struct DetailSingleColumn: View {
    /// Room for a label and a typical email; longer values end in "…".
    static let customerMaxWidth = 42

    let model: OrderDetailModel
    let scroll: Binding<VirtualScrollState>

    var body: some View {
        DetailColumn(items: DetailItemList([.one(.customerAndWorkflow)] + DetailItem.customerOrders(model) + [.one(.money)] + DetailItem.shop(model)
                                               + DetailItem.shopFacts(model) + DetailItem.history(model)
                                               + DetailItem.notes(model)),
                     model: model, scroll: scroll)
    }
}
