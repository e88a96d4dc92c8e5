import Foundation

/// PostgreSQL array literals, so a list travels as one parameter (`= ANY($1::bigint[])`)
/// instead of being spliced into the SQL.
enum PostgresArray {
    static func literal(integers: [Int]) -> String {
        "{" + integers.map(String.init).joined(separator: ",") + "}"
    }

    /// Each element double-quoted, with `"` and `\` escaped, so any text survives verbatim.
    static func literal(texts: [String]) -> String {
        "{" + texts.map { text in
            "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
        }.joined(separator: ",") + "}"
    }
}
