/// Shows a window onto content taller than the space it has, such as long wrapped text.
///
/// The content is offered the full width (less one column for the scroll bar when it overflows)
/// and unlimited height; rows above the offset and below the viewport are clipped away.
public struct ScrollView<Content: View>: View, PrimitiveView {
    let content: Content
    let state: ScrollState
    let binding: Binding<ScrollState>?
    let showsIndicator: Bool

    /// A scroll view whose position lives in `state`; it writes back the clamped offset and the sizes.
    public init(state: Binding<ScrollState>, showsIndicator: Bool = true, @ViewBuilder content: () -> Content) {
        self.content = content()
        self.state = state.wrappedValue
        self.binding = state
        self.showsIndicator = showsIndicator
    }

    /// A scroll view showing content from row `offset` (clamped), writing nothing back.
    public init(offset: Int, showsIndicator: Bool = true, @ViewBuilder content: () -> Content) {
        self.content = content()
        self.state = ScrollState(offset: offset)
        self.binding = nil
        self.showsIndicator = showsIndicator
    }

    public var body: Never { fatalError("ScrollView is primitive") }

    func makeNodes(_ context: ResolveContext, into nodes: inout [LayoutNode]) {
        var inner = context
        inner.stackAxis = .vertical
        let child = content.resolveSingle(inner)
        nodes.append(ScrollNode(child: child, state: state, binding: binding, showsIndicator: showsIndicator, indicatorStyle: context.environment.theme.border))
    }
}
