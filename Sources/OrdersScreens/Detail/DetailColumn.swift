import OrdersCore
import TermRender

/// A column of detail pieces that scrolls by `scroll`, building only what is on screen.
struct DetailColumn: View {
    let items: DetailItemList
    let model: OrderDetailModel
    let scroll: Binding<VirtualScrollState>

    var body: some View {
        let (items, model) = (items, model)
        VirtualStack(itemCount: items.count, state: scroll) { index in
            if let item = items.item(at: index) {
                DetailItemView(item: item, model: model)
                    .padding(.bottom, item.hasGap(before: items.item(at: index + 1)) ? 1 : 0)
            }
        }
    }
}
