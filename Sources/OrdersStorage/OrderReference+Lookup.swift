import OrdersCore

extension OrderReference {
    /// The order of `orders(numberedAmong:)`: source, number, key.
    static func sortedForLookup(_ orders: [Order]) -> [Order] {
        orders.sorted { ($0.source, $0.number, $0.id.number) < ($1.source, $1.number, $1.id.number) }
    }

    /// The references grouped by the source they name (nil: any source), numbers deduplicated:
    /// one lookup query per group.
    static func numbersBySource(_ references: [OrderReference]) -> [(source: String?, numbers: [String])] {
        var groups: [(source: String?, numbers: [String])] = []
        var positions: [String?: Int] = [:]
        var seen = Set<OrderReference>()
        for reference in references where seen.insert(reference).inserted {
            if let position = positions[reference.source] {
                groups[position].numbers.append(reference.number)
            } else {
                positions[reference.source] = groups.count
                groups.append((reference.source, [reference.number]))
            }
        }
        return groups
    }
}
