/// What an import from the app came to, worded for the operator: a title and the lines under it,
/// every text from the file made safe for the terminal.
public struct ImportSummary: Hashable, Sendable {
    public enum Outcome: Hashable, Sendable {
        /// The file's orders were written (or nothing needed writing).
        case imported
        /// The file has problems: nothing was written, the first problems are listed.
        case refused
        /// The operator stopped it: nothing was written.
        case cancelled
        /// The file or the store could not be used: nothing was written.
        case failed
    }

    public var outcome: Outcome
    public var title: String
    public var lines: [String]

    public init(outcome: Outcome, title: String, lines: [String]) {
        self.outcome = outcome
        self.title = title
        self.lines = lines
    }
}
