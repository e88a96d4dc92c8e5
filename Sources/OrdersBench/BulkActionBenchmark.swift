import Foundation
import OrdersCore
import OrdersPresentation
import OrdersStorage

/// Times one action on 10,000 marked orders as the list takes it (issue 27: bulk actions over
/// thousands of marked orders must stay fast): the rows changed at once (optimistic), then every
/// order written with its history, the rules' reply and the shop's facts, 500 orders to a
/// transaction (`OrderStore.update(_:actor:)`, `OrderUpdateChunks`), then the undo of the whole
/// action; on a SQLite file and on a PostgreSQL server (the benchmark's own), each of 100,000 demo
/// orders made by `orders demo`.
enum BulkActionBenchmark {
    @MainActor
    static func run(count: Int, marked: Int) async {
        print("bulk action benchmark: a tag added to \(marked) marked orders of \(count), then undone")
        do {
            let scratch = try ScratchFolder()
            let path = try scratch.demoDatabase(count: count)
            await measure("SQLite file", store: try SQLiteOrderStore(path: path), marked: marked)
            let server = try BenchPostgresServer()
            defer { server.stop() }
            let url = try server.makeDatabase("bulk")
            let demo = try ChildProcess.run(OrdersOnTerminal.binaryPath, ["demo", "--db", url, "--count", String(count)])
            guard demo.status == 0 else { throw BenchmarkError("orders demo failed (\(demo.status))") }
            await measure("PostgreSQL", store: try PostgresOrderStore(connectionString: url), marked: marked)
        } catch {
            print("  failed: \(error)")
        }
    }

    @MainActor
    private static func measure(_ engine: String, store: any OrderStore, marked: Int) async {
        // The list holds every order (below the served list's threshold at this size on a server
        // too): what is measured is the writing, the same on both list engines.
        let environment = PresentationEnvironment(actor: "bench", serverListThreshold: Int.max)
        let list = OrderListModel(store: store, environment: environment)
        list.start()
        await list.waitForPendingWork()
        let ids = list.ids(in: 0..<min(marked, list.visibleIDs.count))
        var clock = ContinuousClock.now
        let changed = list.perform(.addTag("bulk-bench"), on: ids)
        let shown = milliseconds(since: clock)
        await list.waitForPendingWork()
        let written = milliseconds(since: clock)
        let failure = list.errorMessage
        clock = .now
        list.undo()
        await list.waitForPendingWork()
        let undone = milliseconds(since: clock)
        let perOrder = written / Double(max(1, changed))
        print(String(format: "  %@: %d orders changed on screen in %.0f ms; written in %.2f s (%.2f ms an order); undone in %.2f s%@",
                     engine, changed, shown, written / 1_000, perOrder, undone / 1_000,
                     failure.map { "; error: \($0)" } ?? ""))
    }
}
