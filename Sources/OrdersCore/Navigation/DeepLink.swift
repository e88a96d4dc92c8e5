import Foundation

/// Parses the ways an order can be named from outside: `--open ORD-0001234`,
/// `orders://order/ORD-0001234` (the number percent-encoded where it must be, `#1001` as
/// `%231001`), or a number in the palette's `:open`; `SOURCE:NUMBER` in each.
public enum DeepLink {
    /// The order a link or number names, or nil if it is not one.
    public static func reference(from text: String) -> OrderReference? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let prefix = "orders://order/"
        if trimmed.lowercased().hasPrefix(prefix) {
            var rest = trimmed.dropFirst(prefix.count)
            if rest.hasSuffix("/") { rest = rest.dropLast() }
            guard let decoded = String(rest).removingPercentEncoding else { return nil }
            return OrderReference(decoded)
        }
        if trimmed.contains("://") { return nil }
        return OrderReference(trimmed)
    }
}
