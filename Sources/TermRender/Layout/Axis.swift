/// A direction of layout.
public enum Axis: Hashable, Sendable {
    case horizontal, vertical
}

/// Where children sit across a vertical stack.
public enum HorizontalAlignment: Hashable, Sendable {
    case leading, center, trailing

    /// The offset of something `size` wide inside `space`.
    func offset(size: Int, in space: Int) -> Int {
        switch self {
        case .leading: 0
        case .center: max(0, space - size) / 2
        case .trailing: max(0, space - size)
        }
    }
}

/// Where children sit across a horizontal stack.
public enum VerticalAlignment: Hashable, Sendable {
    case top, center, bottom

    /// The offset of something `size` tall inside `space`.
    func offset(size: Int, in space: Int) -> Int {
        switch self {
        case .top: 0
        case .center: max(0, space - size) / 2
        case .bottom: max(0, space - size)
        }
    }
}

/// A position in both directions, for frames, overlays and ZStack.
public struct Alignment: Hashable, Sendable {
    public var horizontal: HorizontalAlignment
    public var vertical: VerticalAlignment

    public init(horizontal: HorizontalAlignment, vertical: VerticalAlignment) {
        self.horizontal = horizontal
        self.vertical = vertical
    }

    public static let topLeading = Alignment(horizontal: .leading, vertical: .top)
    public static let top = Alignment(horizontal: .center, vertical: .top)
    public static let topTrailing = Alignment(horizontal: .trailing, vertical: .top)
    public static let leading = Alignment(horizontal: .leading, vertical: .center)
    public static let center = Alignment(horizontal: .center, vertical: .center)
    public static let trailing = Alignment(horizontal: .trailing, vertical: .center)
    public static let bottomLeading = Alignment(horizontal: .leading, vertical: .bottom)
    public static let bottom = Alignment(horizontal: .center, vertical: .bottom)
    public static let bottomTrailing = Alignment(horizontal: .trailing, vertical: .bottom)

    /// The rectangle of `size` placed inside `rect` at this alignment (it may overhang when larger).
    func place(_ size: Size, in rect: Rect) -> Rect {
        Rect(
            x: rect.minX + horizontal.offset(size: size.width, in: rect.width),
            y: rect.minY + vertical.offset(size: size.height, in: rect.height),
            width: size.width,
            height: size.height
        )
    }
}
