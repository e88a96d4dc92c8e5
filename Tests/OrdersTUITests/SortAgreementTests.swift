import Foundation
import OrdersCore
import OrdersInterchange
import OrdersPresentation
import OrdersStorage
import Testing

/// The command line and the app sort through one rule (`OrderSortKey.sortsAscendingByDefault`,
/// `OrderSort(parsing:)`): on the same database they show the same orders in the same order.
@Suite("CLI and app sort alike")
final class SortAgreementTests {
    let cli: OrdersBinary

    init() throws {
        cli = try OrdersBinary()
    }

    deinit {
        cli.removeAll()
    }

    /// A database of demo orders made by `orders demo`, so the test does not rely on first-run seeding.
    func demoDatabase(_ name: String) throws -> String {
        let db = cli.path(name)
        let result = try cli.run(["demo", "--count", "2000", "--seed", "11", "--db", db])
        #expect(result.status == 0, "\(result.stderr)")
        return db
    }

    // The tests run the binary off the main actor: a main thread blocked waiting for a child
    // process stalls every main-actor test and main-queue timer of the run meanwhile.
    @Test(arguments: [
        (["--sort", "total"], OrderSortKey.total), (["--sort", "date"], .date), (["--sort", "customer"], .customer),
        (["--sort", "items"], .items), (["--sort", "status"], .status), (["--sort", "id"], .id),
    ])
    func listSortAndTheListModelsSortGiveTheSameIDOrder(options: [String], key: OrderSortKey) async throws {
        let db = try demoDatabase("sort-\(key.rawValue).db")
        let result = try cli.run(["list", "--db", db, "--format", "csv"] + options)
        #expect(result.status == 0, "\(result.stderr)")
        let cliIDs = try OrderCSV.decode(Array(result.stdout.utf8), fileName: "stdout").map(\.id)
        #expect(cliIDs.count == 2000)
        let app = try await Self.appOrder(db: db, sortingBy: key)
        #expect(app.sort == OrderSort(key))
        #expect(app.ids == cliIDs)
    }

    /// The order the app shows after the operator sorts by `key` the way `s`, a header click
    /// and `:sort FIELD` do: the field's default direction.
    @MainActor
    static func appOrder(db: String, sortingBy key: OrderSortKey) async throws -> (sort: OrderSort, ids: [OrderID]) {
        let store = try SQLiteOrderStore(path: db)
        let model = OrderListModel(store: store, environment: PresentationEnvironment(actor: "test"))
        model.load()
        await model.waitForPendingWork()
        if key == model.sort.key { model.sort(by: .id) } // choosing the current column would flip it
        model.sort(by: key)
        return (model.sort, model.visibleIDs)
    }

    @Test
    func sortByTotalIsLargestFirstInBoth() throws {
        let db = try demoDatabase("total.db")
        let result = try cli.run(["list", "--db", db, "--format", "csv", "--sort", "total", "--limit", "50"])
        let rows = try OrderCSV.decode(Array(result.stdout.utf8), fileName: "stdout")
        #expect(rows.count == 50)
        #expect(zip(rows, rows.dropFirst()).allSatisfy { $0.total >= $1.total }, "total sorts descending without a direction")
        #expect(OrderSort(.total) == OrderSort(.total, ascending: false))
    }
}
