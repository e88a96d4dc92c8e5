/// The size a parent offers a child; the child answers with the size it wants.
///
/// In each dimension `nil` asks for the child's ideal size, 0 for its minimum and
/// `ProposedSize.unlimited` for its maximum; anything else is the space on offer.
public struct ProposedSize: Hashable, Sendable, CustomStringConvertible {
    public var width: Int?
    public var height: Int?

    public init(width: Int?, height: Int?) {
        self.width = width.map { max(0, $0) }
        self.height = height.map { max(0, $0) }
    }

    public init(_ size: Size) {
        self.init(width: size.width, height: size.height)
    }

    /// Stands for "as much as you like"; small enough that sums of a few never overflow.
    public static let unlimited = Int(Int32.max)
    /// Asks for the ideal size in both dimensions.
    public static let unspecified = ProposedSize(width: nil, height: nil)
    public static let zero = ProposedSize(width: 0, height: 0)
    public static let infinity = ProposedSize(width: unlimited, height: unlimited)

    /// The proposal along `axis`.
    func value(along axis: Axis) -> Int? {
        axis == .horizontal ? width : height
    }

    /// A proposal with `major` along `axis` and `minor` across it.
    static func along(_ axis: Axis, _ major: Int?, across minor: Int?) -> ProposedSize {
        axis == .horizontal ? ProposedSize(width: major, height: minor) : ProposedSize(width: minor, height: major)
    }

    /// The proposal filled in with `fallback` where unspecified.
    func replacingUnspecified(with fallback: Size) -> Size {
        Size(width: width ?? fallback.width, height: height ?? fallback.height)
    }

    public var description: String {
        "\(width.map(String.init) ?? "nil")x\(height.map(String.init) ?? "nil")"
    }
}

extension Size {
    /// The extent along `axis`.
    func value(along axis: Axis) -> Int {
        axis == .horizontal ? width : height
    }

    /// A size with `major` along `axis` and `minor` across it.
    static func along(_ axis: Axis, _ major: Int, across minor: Int) -> Size {
        axis == .horizontal ? Size(width: major, height: minor) : Size(width: minor, height: major)
    }
}
