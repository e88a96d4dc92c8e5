import Foundation

/// An order as a person names it: its number alone (`#1001`), or `SOURCE:NUMBER`
/// (`shopify:#1001`) when the number alone is ambiguous. Resolved to keys by a store
/// (`OrderStore.orderIDs(matching:)`), so what the user typed is never rewritten.
public struct OrderReference: Hashable, Sendable, CustomStringConvertible {
    public var source: String?
    public var number: String

    public init(source: String? = nil, number: String) {
        self.source = source
        self.number = number
    }

    /// Reads `NUMBER` or `SOURCE:NUMBER`, trimmed of surrounding spaces; nil for empty text.
    /// Text with a `:` is read as `SOURCE:NUMBER` only when what precedes it is a valid source,
    /// so a number that itself contains a `:` can still be named with its source in front.
    public init?(_ text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { return nil }
        if let colon = trimmed.firstIndex(of: ":") {
            let source = String(trimmed[..<colon])
            let number = String(trimmed[trimmed.index(after: colon)...])
            if !number.isEmpty, OrderNumber.problem(withSource: source) == nil {
                self.init(source: source, number: number)
                return
            }
        }
        self.init(number: trimmed)
    }

    public var description: String { source.map { "\($0):\(number)" } ?? number }

    /// Whether an order is the one this names.
    public func names(_ order: Order) -> Bool {
        order.number == number && (source == nil || source == order.source)
    }
}

extension Order {
    /// How a person names this order with its source: `SOURCE:NUMBER`.
    public var reference: OrderReference { OrderReference(source: source, number: number) }
}
