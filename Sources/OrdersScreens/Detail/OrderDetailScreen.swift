import OrdersCore
import OrdersPresentation
import TermRender

/// One order in full: header with its place in the list, customer, line items,
/// money, workflow, history and notes, then the key hints.
///
/// Wide terminals get two columns (the order on the left, workflow and notes on
/// the right), each scrolling on its own, the one the keys move with its scroll bar
/// highlighted; narrow ones get one column that scrolls as a whole. Only what is on
/// screen is built, whatever the number of lines, notes and history.
public struct OrderDetailScreen: View {
    let model: OrderDetailModel
    let scroll: Binding<DetailScroll>
    let hints: [KeyHintBar.Hint]

    /// A detail screen for `model`, scrolled by `scroll`, with `hints` in the footer.
    public init(model: OrderDetailModel, scroll: Binding<DetailScroll>, hints: [KeyHintBar.Hint]) {
        self.model = model
        self.scroll = scroll
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
                    DetailTwoColumns(model: model, scroll: scroll, size: size)
                } else {
                    DetailSingleColumn(model: model, scroll: scroll.order)
                }
            }
            DetailErrorLine(model: model)
            DetailConnectionLine(model: model)
            KeyHintBar(hints)
        }
    }
}
