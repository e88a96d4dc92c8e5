import Foundation

// orders-bench: speed and memory figures, printed as medians (and p99 where it
// matters). Build in release: `./dev bench [render|wire|runtime|latency|store|presentation|dashboard|launch]`.
// Machines here are shared and noisy: quote medians, and compare runs made together.
// `launch` (minutes: it makes a million demo orders), `import` (a Shopify export of 200,000
// orders, beside `sqlite3 .import` of it; `--runs N` times, 3 by default) and `server` (a million demo orders in a PostgreSQL server of its own, the list served
// by the server), `serverdash` (the same server's dashboard, computed by the server) and `bulk` (a
// tag added to 10,000 marked orders of 100,000, then undone, on SQLite and PostgreSQL) run only
// when named; `--count N` changes their size. `server --keep` leaves its
// PostgreSQL running afterwards (to EXPLAIN the list's queries on it), and `server --db URL` (or `serverdash --db URL`) measures
// an existing database of `--count` demo orders instead of making one; so does `launch --db PATH`
// with a SQLite file made by `orders demo --count N` (5,000,000 takes half an hour to make).

let benchmarks = ["render", "wire", "runtime", "latency", "store", "presentation", "dashboard", "launch", "import", "server",
                  "serverdash", "bulk"]
let runByDefault = benchmarks.filter { !["launch", "import", "server", "serverdash", "bulk"].contains($0) }
var chosen: [String] = []
var count: Int?
/// `--runs`: how many times `import` measures its figures (their median is printed).
var runs = 3
var keepServer = false
/// `--db`: a postgresql:// URL for `server`, a SQLite file for `launch`.
var existingDatabase: String?
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    if argument == "--count" {
        guard let value = arguments.popFirst().flatMap(Int.init), value > 0 else {
            FileHandle.standardError.write(Data("orders-bench: --count needs a positive whole number\n".utf8))
            exit(2)
        }
        count = value
    } else if argument == "--runs" {
        guard let value = arguments.popFirst().flatMap(Int.init), value > 0 else {
            FileHandle.standardError.write(Data("orders-bench: --runs needs a positive whole number\n".utf8))
            exit(2)
        }
        runs = value
    } else if argument == "--keep" {
        keepServer = true
    } else if argument == "--db" {
        guard let value = arguments.popFirst(), !value.hasPrefix("-") else {
            FileHandle.standardError.write(Data("orders-bench: --db needs a postgresql:// URL (server) or a SQLite file (launch)\n".utf8))
            exit(2)
        }
        existingDatabase = value
    } else if benchmarks.contains(argument) {
        chosen.append(argument)
    } else {
        FileHandle.standardError.write(Data("orders-bench: unknown benchmark \"\(argument)\"; choose from \(benchmarks.joined(separator: ", "))\n".utf8))
        exit(2)
    }
}
#if DEBUG
print("warning: a debug build; figures are only meaningful from `swift build -c release`")
#endif
print("cores: \(ProcessInfo.processInfo.activeProcessorCount)")
for name in chosen.isEmpty ? runByDefault : chosen {
    switch name {
    case "render": RenderBenchmark.run()
    case "wire": WireBenchmark.run()
    case "runtime": RuntimeBenchmark.run()
    case "latency": await KeystrokeLatencyBenchmark.run()
    case "store": StoreBenchmark.run()
    case "dashboard": await DashboardBenchmark.run()
    case "launch": LaunchBenchmark.run(count: count ?? 1_000_000, existing: existingDatabase)
    case "import": ImportBenchmark.run(count: count ?? 200_000, runs: runs)
    case "bulk": await BulkActionBenchmark.run(count: count ?? 100_000, marked: 10_000)
    case "server":
        requireServerURL(existingDatabase, for: name)
        ServerListBenchmark.run(count: count ?? 1_000_000, keepServer: keepServer, existing: existingDatabase)
    case "serverdash":
        requireServerURL(existingDatabase, for: name)
        ServerDashboardBenchmark.run(count: count ?? 1_000_000, existing: existingDatabase)
    default: await PresentationBenchmark.run()
    }
}

/// `server` and `serverdash` measure a PostgreSQL database: `--db`, when given, must name one.
func requireServerURL(_ database: String?, for benchmark: String) {
    guard let database, !database.hasPrefix("postgres") else { return }
    FileHandle.standardError.write(Data("orders-bench: \(benchmark) --db needs a postgresql:// URL\n".utf8))
    exit(2)
}
