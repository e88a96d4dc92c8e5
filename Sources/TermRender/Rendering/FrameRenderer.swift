/// Turns a view into a buffer: evaluate bodies, lay out for a size, draw. No terminal involved.
@MainActor
public enum FrameRenderer {
    /// `view` drawn into a fresh buffer of `size`, laid out with the root proposed the whole size.
    public static func render(_ view: some View, size: Size, environment: EnvironmentValues = EnvironmentValues()) -> Buffer {
        renderWithRegions(view, size: size, environment: environment).buffer
    }

    /// `view` drawn into a fresh buffer, with the hit regions recorded while drawing.
    public static func renderWithRegions(
        _ view: some View, size: Size, environment: EnvironmentValues = EnvironmentValues()
    ) -> (buffer: Buffer, regions: [HitRegion]) {
        var context = DrawContext(buffer: Buffer(size: size))
        draw(view, environment: environment, context: &context)
        return (context.buffer, context.regions)
    }

    /// The layout tree of `view` as an indented outline, for tests and debugging.
    public static func debugDescription(of view: some View, environment: EnvironmentValues = EnvironmentValues()) -> String {
        view.resolveSingle(ResolveContext(environment: environment, stackAxis: nil)).debugDump()
    }

    /// Draws `view` into `context`, placed at the top left with the size it chooses.
    static func draw(_ view: some View, environment: EnvironmentValues, context: inout DrawContext) {
        let root = view.resolveSingle(ResolveContext(environment: environment, stackAxis: nil))
        let bounds = context.buffer.bounds
        guard !bounds.isEmpty else { return }
        let chosen = root.sizeThatFits(ProposedSize(bounds.size))
        let rect = Rect(x: 0, y: 0, width: min(chosen.width, bounds.width), height: min(chosen.height, bounds.height))
        root.draw(in: rect, context: &context)
        // Colours are chosen freely while drawing and brought down to what the terminal has once.
        let capability = environment.colorCapability
        if capability != .trueColor {
            context.buffer.restyle(bounds) { $0 = capability.degrade($0) }
        }
    }
}
