extension Shipment {
    /// The history's words for a shipment: `1 × MUG-1, 2 × line 2; tracking 1Z999AA1` (a line
    /// without a SKU is named by its position, counted from 1).
    public func auditText(of items: [LineItem]) -> String {
        let lineText = lines.map { "\($0.quantity) × " + Order.lineName(items, at: $0.line) }.joined(separator: ", ")
        return trackingNumber.map { lineText + "; tracking " + $0 } ?? lineText
    }
}

extension Order {
    /// How messages name a line: its SKU, or `line N` (from 1) when it has none (or no such line).
    public static func lineName(_ items: [LineItem], at index: Int) -> String {
        guard items.indices.contains(index), !items[index].sku.isEmpty else { return "line \(index + 1)" }
        return items[index].sku
    }
}
