import Foundation

/// What an import accepts beyond the strict defaults. Each relaxation is asked
/// for explicitly (a command-line flag), because the default refusals catch real
/// accidents: a file cut short in transfer, a date typed as 0001-01-01.
public struct ImportOptions: Hashable, Sendable {
    /// Accept a CSV file whose last row has no line break (otherwise it may have been cut short).
    public var allowsUnterminatedLastLine: Bool
    /// Accept dates outside `plausibleDates`.
    public var allowsAnyDate: Bool

    public init(allowsUnterminatedLastLine: Bool = false, allowsAnyDate: Bool = false) {
        self.allowsUnterminatedLastLine = allowsUnterminatedLastLine
        self.allowsAnyDate = allowsAnyDate
    }

    public static let strict = ImportOptions()

    /// Dates an order, an update or a note can plausibly carry: from 1970-01-01 up to
    /// the end of 2100 (UTC). Earlier or later ones are typing or conversion mistakes.
    public static let plausibleDates: Range<Date> =
        Date(millisecondsSince1970: 0)..<Date(millisecondsSince1970: 4_133_980_800_000) // 2101-01-01T00:00:00Z

    /// Nil if the date is acceptable, else why not, for a problem on the field holding `text`.
    func dateProblem(_ date: Date, text: String) -> String? {
        guard !allowsAnyDate, !Self.plausibleDates.contains(date) else { return nil }
        let side = date < Self.plausibleDates.lowerBound ? "before 1970" : "after 2100"
        return "\"\(text)\" is \(side), which no order can be (use --allow-any-date if it is right)"
    }
}
