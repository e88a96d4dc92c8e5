import Foundation
import OrdersCore
import OrdersPresentation

/// The list served by PostgreSQL, measured outside in on the real `orders` binary: a server of
/// the benchmark's own (`BenchPostgresServer`) filled by `orders demo --count N --db postgresql://…`
/// (timed), then `orders` started on it (its config's `serverListThreshold` at 1, so the server
/// serves the list at any size) on a 160×48 pseudo-terminal, a few times, reporting medians of:
/// - first screen: from the start until the header counts every order and a row shows;
/// - one more search character: `/7` (and its counts), then from typing a second `7`, the time until its
///   rows show (the header's count changes: to "…" while the server counts, or straight to the count)
///   and, separately, until its counts show (the header's count is no longer pending);
/// - typed fast: on a fresh start, `/7`, and a second `7` as soon as the first's rows show (its counts
///   still being read on the server), then the time until the second's rows show: they are read on the
///   main connection while the first's counts are cancelled on theirs (`PostgresCountsConnection`);
/// - tab switch: Enter keeps the search, then `2` (Pending) until the header's count changes;
/// - sort change: `s` until the rows change;
/// - peak RSS of the app (VmHWM) at the end.
enum ServerListBenchmark {
    static let columns = 160, rows = 48
    static let runs = 3

    /// `keepServer`: leave the server running afterwards and say how to reach and stop it.
    /// `existing`: measure that database (of `count` demo orders, analysed) instead of making one.
    static func run(count: Int, keepServer: Bool = false, existing: String? = nil) {
        print("The list served by PostgreSQL: orders on a \(columns)x\(rows) pty over \(count) demo orders (medians of \(runs) runs):")
        do {
            let folder = try ScratchFolder()
            // Served by the server at any size (the default threshold is 200,000 orders).
            try FileManager.default.createDirectory(atPath: folder.path + "/config/orders", withIntermediateDirectories: true)
            try Data(#"{"serverListThreshold": 1}"#.utf8).write(to: URL(fileURLWithPath: folder.path + "/config/orders/config.json"))
            if let existing {
                try measureRuns(url: existing, count: count, home: folder.path)
                return
            }
            let server = try BenchPostgresServer()
            defer {
                if keepServer {
                    print("  server kept: psql -h \(server.folder) -U \(server.user) orders_bench; "
                          + "stop: runuser -u postgres -- \(server.binaries)/pg_ctl -D \(server.folder)/data stop")
                } else {
                    server.stop()
                }
            }
            let url = try server.makeDatabase("orders_bench")
            let demo = try ChildProcess.run(OrdersOnTerminal.binaryPath, ["demo", "--db", url, "--count", String(count)])
            guard demo.status == 0 else { throw BenchmarkError("orders demo failed (\(demo.status))") }
            print("  orders demo --count \(count) --db postgresql://…: \(LaunchBenchmark.format(demo.duration)), peak RSS \(LaunchBenchmark.mebibytes(demo.peakResident))")
            if keepServer { print("  --db '\(url)'") }
            // What autovacuum does a minute after a bulk load: the planner's statistics and estimate.
            try server.execute("ANALYZE", database: "orders_bench")
            try measureRuns(url: url, count: count, home: folder.path)
        } catch {
            print("  skipped: \(error)")
        }
    }

    /// The runs on the app over `url`, and their medians printed.
    static func measureRuns(url: String, count: Int, home: String) throws {
        var figures: [Figures] = []
        for _ in 0..<runs {
            var run = try measure(url: url, count: count, home: home)
            run.typedFast = try measureTypedFast(url: url, count: count, home: home)
            figures.append(run)
        }
        func median(_ values: [Duration]) -> String {
            LaunchBenchmark.format(values.sorted()[values.count / 2]) + " (runs " + values.map(LaunchBenchmark.format).joined(separator: ", ") + ")"
        }
        print("  first screen:               \(median(figures.map(\.firstScreen))) (target ≤ 1 s)")
        print("  one more search character:  rows \(median(figures.map(\.searchRows))) (target ≤ 100 ms)")
        print("                              counts \(median(figures.map(\.searchCounts)))")
        print("  typed fast (/7 then 7):     rows \(median(figures.map(\.typedFast))) (the first's counts not awaited)")
        print("  tab switch:                 \(median(figures.map(\.tabSwitch)))")
        print("  sort change:                \(median(figures.map(\.sortChange)))")
        print("  peak RSS of the app:        \(LaunchBenchmark.mebibytes(figures.map(\.peakResident).sorted()[runs / 2])) (target ≤ 200 MiB at 5,000,000)")
    }

    struct Figures {
        var firstScreen: Duration
        var searchRows: Duration
        var searchCounts: Duration
        var tabSwitch: Duration
        var sortChange: Duration
        var peakResident: Int
        var typedFast: Duration = .zero
    }

    static func measure(url: String, count: Int, home: String) throws -> Figures {
        let app = try OrdersOnTerminal(arguments: ["--db", url], columns: columns, rows: rows, home: home)
        defer { app.quit() }
        guard let firstScreen = app.waitUntil(timeout: .seconds(120), { lines in
            LaunchBenchmark.isComplete(lines, count: count) && lines.dropFirst(2).contains { $0.contains("ORD-") }
        }) else { throw BenchmarkError("the first screen never showed: \(app.screenLines.prefix(2))") }
        _ = app.settle()
        app.type("/7")
        guard app.waitUntil(timeout: .seconds(60), { !$0[0].hasSuffix("\(count)/\(count) orders") && !isCounting($0) }) != nil else {
            throw BenchmarkError("the search never narrowed the list")
        }
        _ = app.settle()
        let (searchRows, searchCounts) = try timeUntilRowsAndCounts(app, after: "7")
        app.type("\r")
        _ = app.settle()
        let tabSwitch = try timeUntilChanged(app, after: "2") { $0[0] }
        _ = app.settle()
        let sortChange = try timeUntilChanged(app, after: "s") { Array($0.dropFirst(3).prefix(20)) }
        _ = app.settle()
        guard let peak = app.procKilobytes("status", ["VmHWM"]) else { throw BenchmarkError("no /proc/\(app.pid)/status") }
        return Figures(firstScreen: firstScreen, searchRows: searchRows, searchCounts: searchCounts, tabSwitch: tabSwitch,
                       sortChange: sortChange, peakResident: peak)
    }

    /// On a fresh start: `/7`, then a second `7` as soon as the first's rows show (the header's count
    /// leaves every order's, pending while the server counts), and the time until the rows change again.
    static func measureTypedFast(url: String, count: Int, home: String) throws -> Duration {
        let app = try OrdersOnTerminal(arguments: ["--db", url], columns: columns, rows: rows, home: home)
        defer { app.quit() }
        guard app.waitUntil(timeout: .seconds(120), { lines in
            LaunchBenchmark.isComplete(lines, count: count) && lines.dropFirst(2).contains { $0.contains("ORD-") }
        }) != nil else { throw BenchmarkError("the first screen never showed: \(app.screenLines.prefix(2))") }
        _ = app.settle()
        app.type("/7")
        guard app.waitUntil(timeout: .seconds(60), { !$0[0].hasSuffix("\(count)/\(count) orders") }) != nil else {
            throw BenchmarkError("the search never narrowed the list")
        }
        if !isCounting(app.screenLines) { print("  (typed fast: the first search's counts were in before the second 7)") }
        return try timeUntilChanged(app, after: "7") { Array($0.dropFirst(3).prefix(20)) }
    }

    /// Whether the header shows the list's count as pending (`ListSummary.isCounting`).
    static func isCounting(_ lines: [String]) -> Bool {
        lines.first?.contains("\(OrderFormatter.pendingCount)/") ?? false
    }

    /// Types `keys` (a change of the search) and times until the header's count changes (the new
    /// rows are shown, their counts pending or in) and until it is no longer pending (the counts are in).
    static func timeUntilRowsAndCounts(_ app: OrdersOnTerminal, after keys: String) throws -> (rows: Duration, counts: Duration) {
        let before = app.screenLines[0]
        let clock = ContinuousClock()
        let start = clock.now
        app.type(keys)
        guard app.waitUntil(timeout: .seconds(60), { $0[0] != before }) != nil else {
            throw BenchmarkError("the rows never changed after \(keys.debugDescription)")
        }
        let rows = clock.now - start
        guard app.waitUntil(timeout: .seconds(60), { $0[0] != before && !isCounting($0) }) != nil else {
            throw BenchmarkError("the counts never came after \(keys.debugDescription)")
        }
        return (rows, clock.now - start)
    }

    /// Types `keys` and times until the part of the screen `watched` picks out changes.
    static func timeUntilChanged<Part: Equatable>(_ app: OrdersOnTerminal, after keys: String,
                                                  _ watched: @escaping ([String]) -> Part) throws -> Duration {
        let before = watched(app.screenLines)
        let clock = ContinuousClock()
        let start = clock.now
        app.type(keys)
        guard app.waitUntil(timeout: .seconds(60), { watched($0) != before }) != nil else {
            throw BenchmarkError("nothing changed after \(keys.debugDescription)")
        }
        return clock.now - start
    }
}
