import Foundation

/// The dashboard of a list served by PostgreSQL, computed by the server, measured outside in on
/// the real `orders` binary: a server of the benchmark's own (`BenchPostgresServer`) filled by
/// `orders demo --count N --db postgresql://…`, then `orders` started on it (its config's
/// `serverListThreshold` at 1, so the server serves the list at any size) on a 160×48
/// pseudo-terminal, a few times, reporting medians of:
/// - D to figures: from typing `D` on the list until the dashboard shows its figures (its title no
///   longer says "computing…" and the orders-per-day caption is drawn);
/// - 90 days: `p` until the figures of 90 days are shown (no "updating…");
/// - peak RSS of the app (VmHWM) at the end: the figures never load every order.
enum ServerDashboardBenchmark {
    static let columns = 160, rows = 48
    static let runs = 3

    /// `existing`: measure that database (of `count` demo orders) instead of making one.
    static func run(count: Int, existing: String? = nil) {
        print("The dashboard of a list served by PostgreSQL: orders on a \(columns)x\(rows) pty over \(count) demo orders (medians of \(runs) runs):")
        do {
            let folder = try ScratchFolder()
            try FileManager.default.createDirectory(atPath: folder.path + "/config/orders", withIntermediateDirectories: true)
            try Data(#"{"serverListThreshold": 1}"#.utf8).write(to: URL(fileURLWithPath: folder.path + "/config/orders/config.json"))
            if let existing {
                try measureRuns(url: existing, count: count, home: folder.path)
                return
            }
            let server = try BenchPostgresServer()
            defer { server.stop() }
            let url = try server.makeDatabase("orders_bench")
            // `orders demo` analyses the tables it filled, so the planner has its statistics at once.
            let demo = try ChildProcess.run(OrdersOnTerminal.binaryPath, ["demo", "--db", url, "--count", String(count)])
            guard demo.status == 0 else { throw BenchmarkError("orders demo failed (\(demo.status))") }
            print("  orders demo --count \(count) --db postgresql://…: \(LaunchBenchmark.format(demo.duration))")
            try measureRuns(url: url, count: count, home: folder.path)
        } catch {
            print("  skipped: \(error)")
        }
    }

    /// The runs on the app over `url`, and their medians printed.
    static func measureRuns(url: String, count: Int, home: String) throws {
        var figures: [Figures] = []
        for _ in 0..<runs { figures.append(try measure(url: url, count: count, home: home)) }
        func median(_ values: [Duration]) -> String {
            LaunchBenchmark.format(values.sorted()[values.count / 2]) + " (runs " + values.map(LaunchBenchmark.format).joined(separator: ", ") + ")"
        }
        print("  D to figures (30 days):     \(median(figures.map(\.thirtyDays)))")
        print("  p to figures (90 days):     \(median(figures.map(\.ninetyDays)))")
        print("  peak RSS of the app:        \(LaunchBenchmark.mebibytes(figures.map(\.peakResident).sorted()[runs / 2]))")
    }

    struct Figures {
        var thirtyDays: Duration
        var ninetyDays: Duration
        var peakResident: Int
    }

    /// The dashboard's figures are on screen for a period of `days`.
    static func showsFigures(_ lines: [String], days: Int) -> Bool {
        guard let title = lines.first, title.contains("dashboard"),
              !title.contains("computing…"), !title.contains("updating…") else { return false }
        return lines.contains { $0.contains("· \(days) days") } && lines.contains { $0.contains("today ") }
    }

    static func measure(url: String, count: Int, home: String) throws -> Figures {
        let app = try OrdersOnTerminal(arguments: ["--db", url], columns: columns, rows: rows, home: home)
        defer { app.quit() }
        guard app.waitUntil(timeout: .seconds(120), { LaunchBenchmark.isComplete($0, count: count) }) != nil else {
            throw BenchmarkError("the first screen never showed: \(app.screenLines.prefix(2))")
        }
        _ = app.settle()
        let thirtyDays = try timeUntil(app, after: "D") { showsFigures($0, days: 30) }
        _ = app.settle()
        let ninetyDays = try timeUntil(app, after: "p") { showsFigures($0, days: 90) }
        _ = app.settle()
        guard let peak = app.procKilobytes("status", ["VmHWM"]) else { throw BenchmarkError("no /proc/\(app.pid)/status") }
        return Figures(thirtyDays: thirtyDays, ninetyDays: ninetyDays, peakResident: peak)
    }

    /// Types `keys` and times until the screen satisfies `condition`.
    static func timeUntil(_ app: OrdersOnTerminal, after keys: String, _ condition: @escaping ([String]) -> Bool) throws -> Duration {
        let clock = ContinuousClock()
        let start = clock.now
        app.type(keys)
        guard app.waitUntil(timeout: .seconds(300), condition) != nil else {
            throw BenchmarkError("the figures never showed after \(keys.debugDescription): \(app.screenLines.prefix(2))")
        }
        return clock.now - start
    }
}
