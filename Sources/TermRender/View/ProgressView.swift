/// A horizontal bar showing how much of a task is done; it fills the width on offer.
///
/// Partial cells use eighth blocks (`▏▎▍▌▋▊▉`), so progress moves smoothly; the unfilled part is `░`,
/// which reads without colour.
public struct ProgressView: View, PrimitiveView {
    let fraction: Double

    /// Progress of `value` out of `total`, clamped to 0…1 (a zero or negative total counts as empty).
    public init(value: Double, total: Double = 1) {
        let raw = total > 0 ? value / total : 0
        fraction = raw.isFinite ? min(1, max(0, raw)) : 0
    }

    public var body: Never { fatalError("ProgressView is primitive") }

    func makeNodes(_ context: ResolveContext, into nodes: inout [LayoutNode]) {
        let environment = context.environment
        nodes.append(ProgressNode(
            fraction: fraction,
            filled: environment.textStyle.applied(to: environment.theme.accent),
            empty: environment.textStyle.applied(to: environment.theme.secondaryText)
        ))
    }
}
