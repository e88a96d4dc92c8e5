import Foundation

/// Parses the ways an order can be named from outside: `--open ORD-0001234`,
/// `orders://order/ORD-0001234`, or a bare id in the palette's `:open`.
public enum DeepLink {
    /// The order a link or id names, or nil if it is not one.
    public static func orderID(from text: String) -> OrderID? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let prefix = "orders://order/"
        if trimmed.lowercased().hasPrefix(prefix) {
            var rest = trimmed.dropFirst(prefix.count)
            if rest.hasSuffix("/") { rest = rest.dropLast() }
            return OrderID(String(rest))
        }
        if trimmed.contains("://") { return nil }
        return OrderID(trimmed)
    }
}
