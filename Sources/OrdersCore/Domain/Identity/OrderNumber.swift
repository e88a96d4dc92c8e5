/// The rules for the shop's own order number and the name of its source, written once: the
/// domain's validation, the importers and the command line all check through these.
///
/// A number is kept exactly as the shop wrote it (`#1001`, `1101`, `SO-2024-00017`, `ORD-770005`):
/// any non-empty text of at most `maximumLength` characters without control characters. It is
/// unique within its source; the same number from two sources is two orders.
public enum OrderNumber {
    /// The source of orders made in this app (and of every order from before sources existed).
    public static let localSource = "local"

    /// The longest number or source name accepted, in characters: shops use a few dozen at most;
    /// a cap keeps a pasted paragraph out of the id column.
    public static let maximumLength = 64

    /// The number an order made here gets for its key: `ORD-0001234`.
    public static func local(_ id: OrderID) -> String { id.description }

    /// Why `number` cannot be an order number, or nil when it can.
    public static func problem(withNumber number: String) -> String? {
        problem(with: number)
    }

    /// Why `source` cannot name a source, or nil when it can. A source has no `:`, because
    /// `SOURCE:NUMBER` is split at the first one.
    public static func problem(withSource source: String) -> String? {
        if let problem = problem(with: source) { return problem }
        // Nearly every source is ASCII, where a `:` is one byte (no mark can join it): found
        // without Foundation's text search, which every order's validation asked, three times.
        let hasColon = source.utf8.allSatisfy { $0 < 0x80 } ? source.utf8.contains(UInt8(ascii: ":")) : source.contains(":")
        return hasColon ? "must not contain \":\" (it separates source and number)" : nil
    }

    private static func problem(with text: String) -> String? {
        // Nearly every number and source is printable ASCII: answered from its bytes (no control
        // character there, one character a byte), the same answers as the checks below.
        var visible = false
        var printableASCII = true
        for byte in text.utf8 {
            guard byte >= 0x20 && byte < 0x7F else {
                printableASCII = false
                break
            }
            if byte != 0x20 { visible = true }
        }
        if printableASCII {
            if !visible { return "must not be empty" }
            return text.utf8.count > maximumLength ? "is longer than \(maximumLength) characters" : nil
        }
        if text.isEmpty || Order.isBlank(text) { return "must not be empty" }
        if text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            return "contains a control character (such as a line break or escape)"
        }
        if text.count > maximumLength { return "is longer than \(maximumLength) characters" }
        return nil
    }
}
