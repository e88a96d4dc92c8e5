/// Builds the folded keys the SQLite store keeps next to each order so that text
/// search, tag, customer and assignee filters run in SQL with the reference semantics.
///
/// Texts are folded through a `FoldMemo`: a large import folds millions of strings, most of
/// them repeats (SKUs, titles, first names).
package struct SearchKeys {
    /// Separates the folded fields in a key. `instr` finds a needle inside one
    /// field, never across two, because a search needle never contains it.
    static let separator = "\u{1F}"

    private var memo = FoldMemo()

    package init() {}

    package mutating func fold(_ text: String) -> String {
        memo.fold(text)
    }

    /// Folded id, customer, email, SKUs and titles: what a plain search word matches.
    package mutating func searchKey(for order: Order) -> String {
        Order.searchableText(of: order).map { fold($0) }.joined(separator: Self.separator)
    }

    /// Folded tags between separators, so a whole tag is found with `instr`.
    package mutating func tagsKey(for tags: [String]) -> String {
        guard !tags.isEmpty else { return "" }
        return Self.separator + tags.map { fold($0) }.joined(separator: Self.separator) + Self.separator
    }

    /// What `instr(tags_key, ?)` looks for to find one whole tag.
    package mutating func tagNeedle(_ tag: String) -> String {
        Self.separator + fold(tag) + Self.separator
    }

    /// A field of the shipping and the billing address, folded, with a separator between (an absent
    /// one is empty): `instr` finds a needle in either, never across both.
    package mutating func addressKey(_ field: KeyPath<PostalAddress, String?>, of order: Order) -> String {
        guard order.shippingAddress != nil || order.billingAddress != nil else { return "" }
        return fold(order.shippingAddress?[keyPath: field] ?? "") + Self.separator + fold(order.billingAddress?[keyPath: field] ?? "")
    }
}
