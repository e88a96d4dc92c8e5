/// How far an import is. The first pass reads the file (its size is known, its orders are not);
/// the second compares each order with the store and writes it (their number known by then).
public struct ShopImportProgress: Hashable, Sendable {
    public enum Phase: Hashable, Sendable {
        /// Reading and checking the file; nothing is looked up or written yet.
        case reading
        /// Comparing the file's orders with the store and writing the new and changed ones.
        case writing
    }

    public var phase: Phase
    /// Orders read (reading) or compared (writing) so far.
    public var orders: Int
    /// The orders to compare (writing); nil while reading.
    public var totalOrders: Int?
    public var bytesRead: Int
    public var totalBytes: Int

    public init(phase: Phase, orders: Int, totalOrders: Int?, bytesRead: Int, totalBytes: Int) {
        self.phase = phase
        self.orders = orders
        self.totalOrders = totalOrders
        self.bytesRead = bytesRead
        self.totalBytes = totalBytes
    }
}
