/// What an import of a shop's export did, as data: the caller (the command line, the app)
/// words it. When `refusal` holds problems nothing was written.
public struct ShopImportReport: Sendable {
    public var fileName: String
    public var format: ShopFormat
    /// How many orders the file holds, including those with problems.
    public var orderCount: Int
    /// The file's columns nothing reads (listed by the summary).
    public var ignoredColumns: [String]
    /// What was written (or, in a dry run, would be); `outcome.skipped` holds the problems of
    /// the orders left out (`--skip-invalid`, and every dry run).
    public var outcome: ShopImportOutcome
    /// Every problem, when they stopped the import: nothing was written.
    public var refusal: [ImportProblem]
    public var dryRun: Bool
}
