import Dispatch
import Foundation
import OrdersCore
import OrdersInterchange
import OrdersStorage

/// Store benchmarks on a large SQLite database (release builds only: `swift run -c release orders-bench`).
/// Measures: generating and inserting demo orders (what `orders demo --count N` does), bytes per
/// order, time to the first screen (one 60-row page plus counts) for typical queries on a freshly
/// opened store, and scanning every order into memory. `ORDERS_BENCH_COUNT` overrides the size;
/// `ORDERS_BENCH_DB` names an existing database to query instead of building one.
enum StoreBenchmark {
    static func run() {
        let environment = ProcessInfo.processInfo.environment
        let count = environment["ORDERS_BENCH_COUNT"].flatMap(Int.init) ?? 1_000_000
        let existing = environment["ORDERS_BENCH_DB"].flatMap { $0.isEmpty ? nil : $0 }
        let semaphore = DispatchSemaphore(value: 0)
        Task {
            do {
                try await measure(count: count, existing: existing)
            } catch {
                print("store benchmark failed: \(error)")
            }
            semaphore.signal()
        }
        semaphore.wait()
    }

    private static func measure(count: Int, existing: String?) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("orders-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = existing ?? folder.appendingPathComponent("orders.db").path
        var count = count
        if existing == nil {
            print("Store benchmark: \(count) orders in \(path)")
            let insertSeconds = try await time {
                let store = try SQLiteOrderStore(path: path)
                try await DemoDataGenerator(seed: OrderDatabase.demoSeed, now: Date()).populate(store, count: count)
                try await store.checkpoint()
            }
            report("generate + insert (orders demo --count \(count))", insertSeconds,
                   extra: "\(Int(Double(count) / insertSeconds)) orders/s")
        } else {
            count = try await SQLiteOrderStore(path: path).countsByStatus(matching: .all).values.reduce(0, +)
            print("Store benchmark: \(count) orders in \(path) (existing)")
        }
        let bytes = (try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        print("  " + padded("database size", 52) + "\(bytes / max(count, 1)) bytes/order (\(bytes / 1_000_000) MB)")

        let queries: [(String, OrderQuery)] = [
            ("first screen: newest first", OrderQuery()),
            ("first screen: status pending/processing", OrderQuery(filters: [OrderFilter(.status([.pending, .processing]))])),
            ("first screen: text \"müller\"", OrderQuery(filters: [OrderFilter(.text("müller"))])),
            ("first screen: text \"kb-mx\" by total desc", OrderQuery(filters: [OrderFilter(.text("kb-mx"))], sort: OrderSort(.total, ascending: false))),
            ("first screen: high value + flagged", OrderQuery(filters: [OrderFilter(.highValue(threshold: 1000)), OrderFilter(.flagged)])),
            ("first screen: by customer A→Z", OrderQuery(sort: OrderSort(.customer, ascending: true))),
            ("first screen: not completed, by items", OrderQuery(filters: [OrderFilter(.status([.completed]), negated: true)], sort: OrderSort(.items, ascending: false))),
        ]
        for (name, query) in queries {
            // A freshly opened store each time: what an operator waits for after starting the app.
            let store = try SQLiteOrderStore(path: path)
            var rows = 0, total = 0
            let seconds = try await time {
                let page = try await store.orders(matching: query, page: PageRequest(limit: 60))
                _ = try await store.countsByStatus(matching: query)
                rows = page.orders.count
                total = page.totalCount
            }
            report(name, seconds, extra: "\(rows) rows of \(total), target ≤ 1 s")
        }

        let store = try SQLiteOrderStore(path: path)
        var scanned = 0
        let scanSeconds = try await time {
            var all: [Order] = []
            all.reserveCapacity(count)
            for try await batch in store.scanAll(batchSize: 10_000) { all += batch }
            scanned = all.count
        }
        report("scan every order into memory", scanSeconds, extra: "\(scanned) orders, \(Int(Double(scanned) / scanSeconds)) orders/s")
    }

    private static func time(_ body: () async throws -> Void) async throws -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        try await body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }

    private static func report(_ name: String, _ seconds: Double, extra: String) {
        let milliseconds = (seconds * 1000).rounded()
        print("  " + padded(name, 52) + padded(String(format: "%.0f ms", milliseconds), 10, right: true) + "   " + extra)
    }

    private static func padded(_ text: String, _ width: Int, right: Bool = false) -> String {
        let padding = String(repeating: " ", count: max(0, width - text.count))
        return right ? padding + text : text + padding
    }
}
