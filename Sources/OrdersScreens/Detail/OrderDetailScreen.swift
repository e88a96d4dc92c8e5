import OrdersCore
import TermRender

/// One order in full: header with its place in the list, customer, line items,
/// money, workflow, history and notes, then the key hints.
///
/// Wide terminals get two columns (the order on the left, workflow and notes on
/// the right), each scrolling on its own: `orderScroll` the left, `notesScroll` the
/// right. Narrow ones get one column that scrolls as a whole by `orderScroll`.
/// Only what is on screen is built, whatever the number of lines, notes and history.
public struct OrderDetailScreen: View {
    let model: OrderDetailModel
    let orderScroll: Binding<VirtualScrollState>
    let notesScroll: Binding<VirtualScrollState>
    let hints: [KeyHintBar.Hint]

    /// A detail screen for `model`, scrolling by `orderScroll` and `notesScroll`, with `hints` in the footer.
    public init(model: OrderDetailModel, orderScroll: Binding<VirtualScrollState>, notesScroll: Binding<VirtualScrollState>,
                hints: [KeyHintBar.Hint]) {
        self.model = model
        self.orderScroll = orderScroll
        self.notesScroll = notesScroll
        self.hints = hints
    }

    public var body: some View {
        VStack(spacing: 0) {
            DetailHeader(model: model)
            Divider()
            GeometryReader { size in
                if model.order == nil {
                    DetailPlaceholder(model: model)
                } else if DetailLayout(width: size.width) == .twoColumns {
                    DetailTwoColumns(model: model, orderScroll: orderScroll, notesScroll: notesScroll, size: size)
                } else {
                    DetailSingleColumn(model: model, scroll: orderScroll)
                }
            }
            DetailErrorLine(model: model)
            KeyHintBar(hints)
        }
    }
}
