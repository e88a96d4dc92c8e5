import OrdersCore
import TermRender

/// One order in full: header with its place in the list, customer, line items,
/// money, workflow, history and notes, then the key hints.
///
/// Wide terminals get two columns (the order on the left, workflow and notes on
/// the right, notes scrolling in what height is left); narrow ones get one
/// column that scrolls as a whole. Either way `notesScroll` is the one scroll
/// position the shell moves with its page keys.
public struct OrderDetailScreen: View {
    let model: OrderDetailModel
    let notesScroll: Binding<ScrollState>
    let hints: [KeyHintBar.Hint]

    /// A detail screen for `model`, scrolling by `notesScroll`, with `hints` in the footer.
    public init(model: OrderDetailModel, notesScroll: Binding<ScrollState>, hints: [KeyHintBar.Hint]) {
        self.model = model
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
                    DetailTwoColumns(model: model, notesScroll: notesScroll, size: size)
                } else {
                    DetailSingleColumn(model: model, scroll: notesScroll)
                }
            }
            DetailErrorLine(model: model)
            KeyHintBar(hints)
        }
    }
}
