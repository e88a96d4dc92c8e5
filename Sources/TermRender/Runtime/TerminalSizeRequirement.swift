/// The smallest terminal a screen can be drawn in, and the message to show instead.
public struct TerminalSizeRequirement: Hashable, Sendable {
    public var minimum: Size

    public init(minimum: Size) {
        self.minimum = minimum
    }

    /// Whether a terminal of `size` is big enough.
    public func isSatisfied(by size: Size) -> Bool {
        size.width >= minimum.width && size.height >= minimum.height
    }

    /// "terminal too small (need 80×24)", or nil when `size` is big enough.
    /// Shortened to "need 80×24" (or less) when even the message does not fit.
    public func message(for size: Size) -> String? {
        guard !isSatisfied(by: size) else { return nil }
        let need = "need \(minimum.width)×\(minimum.height)"
        for candidate in ["terminal too small (\(need))", need, "\(minimum.width)×\(minimum.height)"]
        where candidate.count <= size.width {
            return candidate
        }
        return size.width > 0 ? String("\(minimum.width)×\(minimum.height)".prefix(size.width)) : nil
    }
}
