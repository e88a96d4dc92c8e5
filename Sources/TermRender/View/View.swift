/// A piece of user interface: a small value whose `body` is made of other views.
///
/// Write screens as structs conforming to `View`; the toolkit's primitive views (Text, stacks,
/// Table, …) draw themselves and have `Body == Never`.
@MainActor
public protocol View {
    /// The type of view this view is made of.
    associatedtype Body: View
    /// The content of this view, evaluated once per frame.
    @ViewBuilder var body: Body { get }
}

extension Never: View {
    public typealias Body = Never
    /// Primitive views have no body; the renderer never asks for it.
    public var body: Never {
        fatalError("Never has no body")
    }
}

/// A view that turns itself into layout nodes directly instead of through `body`.
@MainActor
protocol PrimitiveView {
    func makeNodes(_ context: ResolveContext, into nodes: inout [LayoutNode])
}

extension View {
    /// Appends the layout nodes of this view (zero, one or many) to `nodes`.
    func resolve(_ context: ResolveContext, into nodes: inout [LayoutNode]) {
        if let primitive = self as? any PrimitiveView {
            primitive.makeNodes(context, into: &nodes)
            return
        }
        // A composite view's body may read `@Environment`, which looks at the current environment.
        let content = EnvironmentValues.$current.withValue(context.environment) { body }
        content.resolve(context, into: &nodes)
    }

    /// This view as exactly one layout node: several become a vertical stack, none an empty node.
    func resolveSingle(_ context: ResolveContext) -> LayoutNode {
        var nodes: [LayoutNode] = []
        resolve(context, into: &nodes)
        switch nodes.count {
        case 0: return EmptyNode()
        case 1: return nodes[0]
        default: return StackNode(axis: .vertical, alignment: .leading, spacing: 0, children: nodes)
        }
    }
}

/// What a view needs to know while it is being turned into layout nodes.
struct ResolveContext {
    var environment: EnvironmentValues
    /// The axis of the nearest enclosing stack, which decides which way spacers and dividers go.
    var stackAxis: Axis?
}
