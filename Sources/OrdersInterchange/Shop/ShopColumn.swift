/// A column a shop reader asks `ShopFieldReader` for: by its name, looked up among the header's
/// columns at each read, or found once (`ShopColumn`) by a reader that reads the same columns of
/// every row.
protocol ShopColumnReference {
    /// The header's name for the column: what a problem names.
    var columnName: String { get }
    /// The column's position in a record under a header with these `columns`; nil when it has none such.
    func position(in columns: [String: Int]) -> Int?
}

extension String: ShopColumnReference {
    var columnName: String { self }

    func position(in columns: [String: Int]) -> Int? {
        columns[self]
    }
}

/// A column found in the header once, so that reading it from every row does not hash its name
/// again: a Shopify export's reader reads some sixty fields of an order (4 % of a first import's CPU
/// went to those lookups). Valid only with the columns it was found in.
struct ShopColumn: ShopColumnReference {
    let columnName: String
    private let index: Int?

    init(_ name: String, in columns: [String: Int]) {
        columnName = name
        index = columns[name]
    }

    func position(in columns: [String: Int]) -> Int? {
        index
    }
}
