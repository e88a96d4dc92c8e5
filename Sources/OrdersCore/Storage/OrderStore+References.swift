extension OrderStore {
    /// The one order a person named, or `OrderReferenceError` (not found, or ambiguous with the
    /// candidates named). `1234` and `ord-1234` still name the local order `ORD-0001234`, as they
    /// did before numbers were kept verbatim, but only when no order has that number exactly.
    public func order(named reference: OrderReference) async throws -> Order {
        let candidates = try await orders(numbered: reference)
        if candidates.isEmpty, reference.source == nil || reference.source == OrderNumber.localSource,
           let key = OrderID(reference.number), OrderNumber.local(key) != reference.number,
           let local = try await orders(numbered: OrderReference(source: OrderNumber.localSource, number: OrderNumber.local(key))).first {
            return local
        }
        return try reference.resolve(among: candidates)
    }
}
