/// One line of an order in the line chooser: which line, how it is named, how many of it may be
/// chosen at most, and how many are chosen (0 skips it).
public struct LineChoice: Hashable, Sendable {
    /// Index into `Order.items`.
    public var line: Int
    /// The SKU, or `line N` for a line without one; safe for the terminal.
    public var name: String
    /// The line's title, safe for the terminal.
    public var title: String
    /// The most that may be chosen: what is left of the line.
    public var limit: Int
    /// How many are chosen, 0…`limit`.
    public var quantity: Int

    public init(line: Int, name: String, title: String, limit: Int, quantity: Int) {
        self.line = line
        self.name = name
        self.title = title
        self.limit = limit
        self.quantity = quantity
    }

    /// "2 of 3", or "skip" when none is chosen.
    public var quantityText: String { quantity == 0 ? "skip" : "\(quantity) of \(limit)" }
}
