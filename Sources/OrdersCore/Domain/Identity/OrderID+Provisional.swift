extension OrderID {
    /// Keys below this are provisional: given by an import file reader to an order whose number
    /// is not a local `ORD-` number, until `OrderImporter` gives it a real key in the store.
    static let provisionalLimit = -(1 << 62)

    /// A provisional key derived from the source and number (FNV-1a, so the same order read
    /// twice in one file gets the same key and is reported as repeated).
    package static func provisional(for reference: OrderReference) -> OrderID {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in (reference.source ?? "").utf8 + [0] + reference.number.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        // Into Int.min ..< provisionalLimit: far below any key a store hands out or a file names.
        return OrderID(Int.min + Int(hash % UInt64(1 << 62)))
    }

    /// Whether this key still has to be replaced by a real one before the order is stored.
    public var isProvisional: Bool { number < Self.provisionalLimit }
}
