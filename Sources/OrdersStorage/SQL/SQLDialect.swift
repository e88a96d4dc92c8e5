/// What really differs between SQLite's and PostgreSQL's SQL for the same question, and nothing
/// else: `SQLOrderQuery` writes one text for both databases and asks its dialect only here, so
/// this file is the whole list of differences. Both stores keep the same columns and folded keys
/// (`SearchKeys`, `TotalKey`), which is what lets the rest be one text.
enum SQLDialect: Sendable {
    case sqlite
    case postgresql

    /// The placeholder of the `number`th parameter (from 1). Numbered in both (`?3`, `$3`), so a
    /// value bound once can stand in several places of the text (a keyset's sort value).
    func placeholder(_ number: Int) -> String {
        switch self {
        case .sqlite: "?\(number)"
        case .postgresql: "$\(number)"
        }
    }

    /// The conditions that always and never hold: SQLite has no boolean type (truth is an integer).
    var alwaysTrue: String { self == .sqlite ? "1" : "TRUE" }
    var alwaysFalse: String { self == .sqlite ? "0" : "FALSE" }

    /// A boolean column as a condition: SQLite stores 0 or 1, PostgreSQL a `boolean`.
    /// (Each schema's partial index `orders_flagged` is written with the same condition.)
    func isSet(_ column: String) -> String {
        switch self {
        case .sqlite: "\(column) = 1"
        case .postgresql: column
        }
    }

    /// Whether text may hold NUL. PostgreSQL's cannot: no stored order contains one, so a needle
    /// with one matches nothing (and could not be sent as a parameter anyway).
    var textHoldsNUL: Bool { self == .sqlite }

    /// Whether a keyset condition also bounds the sort's leading column on its own (`column >= v AND
    /// (column > v OR (column = v AND id > i))`). The bound adds nothing to the answer (the OR implies
    /// it) but is what PostgreSQL turns into an index range on the sort's (column, id) index: without it
    /// a keyset read far down the list filtered every row before the cursor (a search's 200 rows after
    /// list position 500,000 of 1,000,000 orders: 577 ms; with it 1.8 ms, EXPLAIN ANALYZE). SQLite's
    /// keyset reads (`orders list`'s pages) were measured without it and are left so.
    var boundsKeysetLeadingColumn: Bool { self == .postgresql }

    /// `column` where its own index must not answer a range. SQLite's planner has no statistics and
    /// would walk the total index for "above 1000", a large share of orders, with a table lookup per
    /// row: far slower than a scan or a selective index such as the flagged one. The unary `+` hides
    /// the index from it. PostgreSQL's planner judges by its statistics, so the column stays plain.
    func withoutIndex(_ column: String) -> String {
        switch self {
        case .sqlite: "+\(column)"
        case .postgresql: column
        }
    }

    /// `column` contains `needle` (both folded), as a condition.
    /// PostgreSQL by LIKE rather than `strpos`: a `pg_trgm` GIN index (`PostgresSchema.trigramIndexes`,
    /// on `search_key` and `customer_key`) answers a LIKE of three or more characters without a scan.
    func contains(_ column: String, _ needle: String, _ parameters: inout SQLParameters) -> String {
        switch self {
        case .sqlite: "instr(\(column), \(parameters.bind(.text(needle)))) > 0"
        case .postgresql: "\(column) LIKE \(parameters.bind(.text(Self.containsPattern(needle))))"
        }
    }

    /// A LIKE pattern matching any text that contains `text` literally (`%`, `_` and `\`, LIKE's
    /// default escape, escaped).
    static func containsPattern(_ text: String) -> String {
        // By scalar, not by character: a combining mark after `%` must not hide it.
        var pattern = String.UnicodeScalarView()
        pattern.append("%")
        for scalar in text.unicodeScalars {
            if scalar == "%" || scalar == "_" || scalar == "\\" { pattern.append("\\") }
            pattern.append(scalar)
        }
        pattern.append("%")
        return String(pattern)
    }

    /// `column` is one of `values` (never empty: the caller answers that with `alwaysFalse`).
    /// SQLite lists a placeholder per value; PostgreSQL sends the list as one array parameter.
    func isOneOf(_ column: String, integers values: [Int], _ parameters: inout SQLParameters) -> String {
        switch self {
        case .sqlite:
            "\(column) IN (" + values.map { parameters.bind(.int($0)) }.joined(separator: ", ") + ")"
        case .postgresql:
            "\(column) = ANY(\(parameters.bind(.text(PostgresArray.literal(integers: values))))::integer[])"
        }
    }

    func isOneOf(_ column: String, texts values: [String], _ parameters: inout SQLParameters) -> String {
        switch self {
        case .sqlite:
            "\(column) IN (" + values.map { parameters.bind(.text($0)) }.joined(separator: ", ") + ")"
        case .postgresql:
            "\(column) = ANY(\(parameters.bind(.text(PostgresArray.literal(texts: values))))::text[])"
        }
    }

    /// `column` as text with ASCII letters lowered and nothing else changed (`CustomerMatch`'s email):
    /// SQLite's `lower()` does that by itself; PostgreSQL's under the "C" collation.
    func asciiLowered(_ column: String) -> String {
        switch self {
        case .sqlite: "lower(\(column))"
        case .postgresql: "lower(\(column) COLLATE \"C\")"
        }
    }

    /// `column` equals `value` with ASCII letters in either case (`OrderNumber.isSource`): SQLite's
    /// NOCASE collation, which its indexes declared NOCASE answer (`discount_codes_by_code`);
    /// PostgreSQL's `lower()` under "C", which its expression index of the same form answers.
    func equalsIgnoringASCIICase(_ column: String, _ value: String, _ parameters: inout SQLParameters) -> String {
        switch self {
        case .sqlite: "\(column) = \(parameters.bind(.text(value))) COLLATE NOCASE"
        case .postgresql: "\(asciiLowered(column)) = \(asciiLowered(parameters.bind(.text(value))))"
        }
    }
}

/// The values bound to a statement's numbered parameters, in order, and the placeholders that name them.
struct SQLParameters {
    let dialect: SQLDialect
    private(set) var values: [SQLValue] = []

    init(_ dialect: SQLDialect) {
        self.dialect = dialect
    }

    /// Adds a parameter and returns its placeholder (`?3`, `$3`).
    mutating func bind(_ value: SQLValue) -> String {
        values.append(value)
        return dialect.placeholder(values.count)
    }
}

/// A value bound to a parameter: an integer or a text, which each engine sends its own way.
enum SQLValue: Hashable, Sendable {
    case integer(Int64)
    case text(String)

    static func int(_ value: Int) -> SQLValue { .integer(Int64(value)) }
}
