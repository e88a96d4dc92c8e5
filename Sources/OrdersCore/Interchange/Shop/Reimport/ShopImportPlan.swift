import Foundation

/// A shop's file read and mapped, before anything is written: the orders to import, where each
/// was found, and every problem of the orders that cannot be imported.
public struct ShopImportPlan: Sendable {
    public struct Entry: Sendable {
        public var location: RecordLocation
        public var order: Order
    }

    public var fileName: String
    public var format: ShopFormat
    public var entries: [Entry]
    /// Every problem, in file order; each refuses (or, with `--skip-invalid`, skips) its order.
    public var problems: [ImportProblem]
    /// The file's columns nothing reads (listed by the summary).
    public var ignoredColumns: [String]
    /// How many orders the file holds, including those with problems.
    public var orderCount: Int
}
