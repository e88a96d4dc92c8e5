/// A one-line notice drawn over the screen, e.g. "Order saved"; nothing at all without a message.
public struct ToastView: View {
    let message: Text?

    @Environment(\.theme) private var theme

    public var body: some View {
        if let message {
            message
                .lineLimit(1)
                .padding(.horizontal, 1)
                .background(.default)
                .highlight(theme.selection)
                .padding(.bottom, 1)
        }
    }
}
