/// One of two views, chosen by an `if`/`else` or `switch` in a view builder.
public struct ConditionalContent<First: View, Second: View>: View, PrimitiveView {
    enum Storage {
        case first(First)
        case second(Second)
    }

    let storage: Storage

    public var body: Never { fatalError("ConditionalContent is primitive") }

    func makeNodes(_ context: ResolveContext, into nodes: inout [LayoutNode]) {
        switch storage {
        case .first(let view): view.resolve(context, into: &nodes)
        case .second(let view): view.resolve(context, into: &nodes)
        }
    }
}

extension Optional: View where Wrapped: View {
    public var body: Never { fatalError("Optional is primitive") }
}

extension Optional: PrimitiveView where Wrapped: View {
    func makeNodes(_ context: ResolveContext, into nodes: inout [LayoutNode]) {
        if let view = self { view.resolve(context, into: &nodes) }
    }
}
