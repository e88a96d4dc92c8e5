/// Why a reference names no single order, in one sentence the CLI and the app show as is.
public enum OrderReferenceError: Error, Hashable, Sendable, CustomStringConvertible {
    case notFound(OrderReference)
    /// Several sources have this number; the candidates are named `SOURCE:NUMBER`.
    case ambiguous(OrderReference, candidates: [OrderReference])

    public var description: String {
        switch self {
        case .notFound(let reference):
            "Order \(reference) does not exist."
        case .ambiguous(let reference, let candidates):
            "Order \(reference) is ambiguous: it is "
                + candidates.map(\.description).sorted().joined(separator: ", ") + "; name one as SOURCE:NUMBER."
        }
    }
}

extension OrderReference {
    /// The one order among `candidates` (what a store found for this number) that this names.
    public func resolve(among candidates: [Order]) throws(OrderReferenceError) -> Order {
        let named = candidates.filter(names)
        guard let first = named.first else { throw .notFound(self) }
        guard named.count == 1 else {
            throw .ambiguous(self, candidates: named.map { OrderReference(source: $0.source, number: $0.number) })
        }
        return first
    }
}
