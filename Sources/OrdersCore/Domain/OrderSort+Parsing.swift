/// Reading a sort written by a person: the one parser behind `--sort FIELD[:DIR]` on the command
/// line, `"defaultSort": "FIELD[:DIR]"` in the config and `:sort FIELD [DIR]` in the palette.
extension OrderSort {
    /// Parses `FIELD[:DIR]`, e.g. `total`, `total:asc`, `Date:DESC` (case is ignored).
    public init(parsing text: String) throws(OrderSortParseError) {
        let parts = text.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        try self.init(field: parts[0], direction: parts.count > 1 ? parts[1] : nil)
    }

    /// A field name and an optional direction (`asc` or `desc`); no direction means the field's
    /// default one.
    public init(field: String, direction: String?) throws(OrderSortParseError) {
        guard let (key, reversed) = OrderSortKey.field(named: field) else { throw .unknownField(field) }
        switch direction?.lowercased() {
        case nil: self.init(key)
        case "asc": self.init(key, ascending: !reversed)
        case "desc": self.init(key, ascending: reversed)
        case let other?: throw .unknownDirection(other)
        }
    }

    /// The directions a person may write, for completion and messages.
    public static let directionNames = ["asc", "desc"]
}

/// Why a written sort could not be read; `description` is a sentence for the user.
public enum OrderSortParseError: Error, Hashable, Sendable, CustomStringConvertible {
    case unknownField(String)
    case unknownDirection(String)

    public var description: String {
        switch self {
        case .unknownField(let field):
            "unknown sort field \"\(field)\" (expected \(OrderSortKey.fieldNames.joined(separator: ", ")))"
        case .unknownDirection(let direction):
            "sort direction must be asc or desc, not \"\(direction)\""
        }
    }
}
