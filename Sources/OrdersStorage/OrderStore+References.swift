import OrdersCore

extension OrderStore {
    /// The one order a person named, or `OrderReferenceError` (not found, or ambiguous with the
    /// candidates named): the one rule for `--open`, links, `:open` and every command.
    ///
    /// A number some order has exactly names the orders with it. Otherwise it names the orders
    /// people call by it (`OrderReference.looseForms`): `1001` is a shop's `#1001`, and `1234` or
    /// `ord-1234` the local `ORD-0001234`, as before numbers were kept verbatim. When those are
    /// several (a shop's `#1001` beside the local `ORD-0001001`), the number is refused with them named.
    public func order(named reference: OrderReference) async throws -> Order {
        let exact = try await orders(numbered: reference)
        guard exact.isEmpty else { return try reference.resolve(among: exact) }
        var candidates: [Order] = []
        for form in reference.looseForms {
            for order in try await orders(numbered: form) where !candidates.contains(where: { $0.id == order.id }) {
                candidates.append(order)
            }
        }
        guard let first = candidates.first else { throw OrderReferenceError.notFound(reference) }
        guard candidates.count == 1 else {
            throw OrderReferenceError.ambiguous(reference, candidates: candidates.map(\.reference))
        }
        return first
    }
}

extension OrderReference {
    /// The numbers this also names when no order has it exactly: `#NUMBER` (how shops such as
    /// Shopify write their numbers, which people say without the `#`), and for a local key
    /// (`1234`, `ord-1234`) the local order's own number `ORD-0001234`.
    public var looseForms: [OrderReference] {
        var forms: [OrderReference] = []
        if !number.hasPrefix("#") {
            forms.append(OrderReference(source: source, number: "#" + number))
        }
        if source == nil || source == OrderNumber.localSource, let key = OrderID(number), OrderNumber.local(key) != number {
            forms.append(OrderReference(source: OrderNumber.localSource, number: OrderNumber.local(key)))
        }
        return forms
    }
}
