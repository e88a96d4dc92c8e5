import OrdersCore

/// The orders read from one import file, each with where it was found and its id
/// as the file wrote it, so later checks (against the database) can point at it.
public struct ImportFile: Sendable {
    public struct Entry: Sendable {
        public var order: Order
        /// The order's first line (CSV) or array index (JSON).
        public var location: RecordLocation
        /// The id as written in the file (`ORD-1`), which may differ from `order.id`'s form.
        public var writtenID: String
    }

    public var name: String
    public var entries: [Entry]

    public var orders: [Order] { entries.map(\.order) }
}
