/// Why a copy between stores was refused. Each case reads as one plain sentence.
public enum OrderTransferError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The destination already holds orders and the copy was not asked to replace them.
    case destinationNotEmpty(orders: Int)

    public var description: String {
        switch self {
        case .destinationNotEmpty(let count):
            "the destination already holds \(count) order\(count == 1 ? "" : "s"); nothing was copied "
                + "(--replace replaces them, all or nothing)"
        }
    }
}
