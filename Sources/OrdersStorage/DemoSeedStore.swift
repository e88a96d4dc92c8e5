/// Whether a database holds the first run's demo orders: the header says "demo data" while it
/// does, so nobody takes them for real orders.
///
/// The rule: the app's first run creates its default SQLite database with demo orders and, in the
/// same new file, records how many it seeded (ids 1 through that count; `OrderDatabase.open`).
/// The orders are the demo data while that record exists and no order beyond those ids does: an
/// import, or anything else that adds orders, ends it (`OrderListModel.showsDemoData`). A database
/// made any other way (`orders demo`, `orders import`, `--db` of a new path, PostgreSQL) has no
/// record, whatever it holds.
public protocol DemoSeedStore: Sendable {
    /// How many demo orders the first run seeded, or nil for a database it did not seed.
    func demoSeedCount() async throws -> Int?
}
