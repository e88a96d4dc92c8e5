/// A vertical stack of many items of any height that builds, measures and draws only the items
/// on screen, so a section of 100,000 entries costs what one screenful costs. Scrolling is by
/// rows, kept in `VirtualScrollState` as an item and a row inside it.
///
/// Use it where content can grow without bound (an order's notes and history); `ScrollView`
/// measures its whole content every frame.
public struct VirtualStack: View, PrimitiveView {
    let itemCount: Int
    let spacing: Int
    let state: Binding<VirtualScrollState>
    let showsIndicator: Bool
    let indicatorStyle: Style?
    let item: @MainActor (Int) -> AnyView

    /// `itemCount` items built by `item` when shown, `spacing` blank rows between them; the scroll
    /// bar in `indicatorStyle` (the theme's border style when nil).
    public init<Item: View>(itemCount: Int, spacing: Int = 0, state: Binding<VirtualScrollState>, showsIndicator: Bool = true,
                            indicatorStyle: Style? = nil, @ViewBuilder item: @escaping @MainActor (Int) -> Item) {
        self.itemCount = itemCount
        self.spacing = spacing
        self.state = state
        self.showsIndicator = showsIndicator
        self.indicatorStyle = indicatorStyle
        self.item = { AnyView(item($0)) }
    }

    public var body: Never { fatalError("VirtualStack is primitive") }

    func makeNodes(_ context: ResolveContext, into nodes: inout [LayoutNode]) {
        var inner = context
        inner.stackAxis = .vertical
        let item = self.item
        let environment = context.environment
        nodes.append(VirtualStackNode(itemCount: itemCount, spacing: spacing, binding: state, showsIndicator: showsIndicator,
                                      indicatorStyle: indicatorStyle ?? environment.theme.border) { index in
            EnvironmentValues.$current.withValue(environment) { item(index) }.resolveSingle(inner)
        })
    }
}
