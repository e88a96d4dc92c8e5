import OrdersCore
import OrdersPresentation
import TermRender

/// A column of detail pieces that scrolls by `scroll`, building only what is on screen. With two
/// columns, the one the scroll keys move has its scroll bar in the accent style.
struct DetailColumn: View {
    let items: DetailItemList
    let model: OrderDetailModel
    let scroll: Binding<VirtualScrollState>
    var isFocused = false
    @Environment(\.theme) private var theme

    var body: some View {
        let (items, model) = (items, model)
        VirtualStack(itemCount: items.count, state: scroll, indicatorStyle: isFocused ? theme.accent : nil) { index in
            if let item = items.item(at: index) {
                DetailItemView(item: item, model: model)
                    .padding(.bottom, item.hasGap(before: items.item(at: index + 1)) ? 1 : 0)
            }
        }
    }
}
