import Foundation

/// Launch and memory of the real `orders` program at scale, measured outside in.
///
/// Makes a database of N demo orders with `orders demo` (timed: the figure for
/// `orders demo --count N`), then starts the release `orders` binary on it on a 160×48
/// pseudo-terminal (xterm-256color) a few times and reports medians of:
/// - first rows on screen: from the start until a row of the table (an order id) shows;
/// - whole list searchable: until the header shows "N/N orders" (the loading progress gone,
///   the index complete) and the All tab counts every order;
/// - peak RSS: VmHWM of that process once loaded (`/proc/PID/status`);
/// - a second process on the same database, started while the first still runs: its
///   private memory once loaded (Private_Clean + Private_Dirty of `/proc/PID/smaps_rollup`),
///   what it costs beyond the pages the two share.
/// N is 1,000,000 unless `--count N` follows `launch` (5,000,000 takes minutes). `--db PATH` measures
/// an existing database of N demo orders (its index file, if any, is removed first, so run 1 scans).
enum LaunchBenchmark {
    static let columns = 160, rows = 48
    static let runs = 3

    static func run(count: Int, existing: String? = nil) {
        print("Launch, the real orders binary on a \(columns)x\(rows) pty over \(count) demo orders (medians of \(runs) runs):")
        do {
            let folder = try ScratchFolder()
            let database: String
            if let existing {
                database = existing
                try? FileManager.default.removeItem(atPath: existing + ".index")
                print("  the existing database \(existing) (its index file removed)")
            } else {
                let (made, demoTime) = try folder.timedDemoDatabase(count: count)
                database = made
                print("  orders demo --count \(count): \(format(demoTime)) (target ≤ 20 s at 1,000,000)")
            }
            let size = (try? FileManager.default.attributesOfItem(atPath: database)[.size] as? Int) ?? 0
            print("  \(size / max(count, 1)) bytes of database per order")
            var figures: [Figures] = []
            // The first run finds no index file and builds from the scan (then writes the file);
            // later runs read the file (`IndexFile`), so the runs are named by what they found.
            var found: [String] = []
            for _ in 0..<runs {
                found.append(FileManager.default.fileExists(atPath: database + ".index") ? "file" : "scan")
                figures.append(try measure(database: database, count: count, home: folder.path))
            }
            print("  index per run: \(found.joined(separator: ", ")) (scan: no index file yet, built from the database)")
            func median(_ values: [Duration]) -> Duration { values.sorted()[values.count / 2] }
            func medianBytes(_ values: [Int]) -> Int { values.sorted()[values.count / 2] }
            let firstTarget = count > 1_000_000 ? "0.5 s" : "0.3 s"
            let searchTarget = count > 1_000_000 ? "3 s" : "1.0 s"
            let rssTarget = count > 1_000_000 ? "1 GiB" : "300 MiB"
            let secondTarget = count > 1_000_000 ? "100 MiB" : "50 MiB"
            print("  first rows on screen:           \(format(median(figures.map(\.firstRows)))) (target ≤ \(firstTarget); runs \(figures.map { format($0.firstRows) }.joined(separator: ", ")))")
            print("  whole list searchable:          \(format(median(figures.map(\.searchable)))) (target ≤ \(searchTarget); runs \(figures.map { format($0.searchable) }.joined(separator: ", ")))")
            print("  CPU used until searchable:      \(format(median(figures.map(\.cpuUntilSearchable)))) (user + system; runs \(figures.map { format($0.cpuUntilSearchable) }.joined(separator: ", ")); the wall-clock times above stretch with the machine's load)")
            print("  peak RSS, first process:        \(mebibytes(medianBytes(figures.map(\.peakResident)))) (target ≤ \(rssTarget); runs \(figures.map { mebibytes($0.peakResident) }.joined(separator: ", ")))")
            print("  second process, private memory: \(mebibytes(medianBytes(figures.map(\.secondPrivate)))) (target ≤ \(secondTarget); runs \(figures.map { mebibytes($0.secondPrivate) }.joined(separator: ", "))); its whole list searchable after \(format(median(figures.map(\.secondSearchable))))")
        } catch {
            print("  skipped: \(error)")
        }
    }

    struct Figures {
        var firstRows: Duration
        var searchable: Duration
        /// CPU the first process used until then (measured just after): the load-independent cost.
        var cpuUntilSearchable: Duration
        var peakResident: Int
        var secondPrivate: Int
        var secondSearchable: Duration
    }

    /// How long loading may take before the run is given up: the scan of a database without an
    /// index file reads every order (minutes at 5,000,000 on a loaded machine).
    static func loadingTimeout(count: Int) -> Duration {
        .seconds(max(300, 300 * count / 1_000_000))
    }

    static func measure(database: String, count: Int, home: String) throws -> Figures {
        let first = try OrdersOnTerminal(arguments: ["--db", database], columns: columns, rows: rows, home: home)
        defer { first.quit() }
        guard let firstRows = first.waitUntil(timeout: loadingTimeout(count: count), { lines in lines.dropFirst(2).contains { $0.contains("ORD-") } }) else {
            throw BenchmarkError("no order row appeared")
        }
        guard let searchable = first.waitUntil(timeout: loadingTimeout(count: count), { isComplete($0, count: count) }) else {
            throw BenchmarkError("the list never finished loading: \(first.screenLines.prefix(2))")
        }
        guard let peak = first.procKilobytes("status", ["VmHWM"]) else { throw BenchmarkError("no /proc/\(first.pid)/status") }
        let cpu = first.cpuTime() ?? .zero
        let second = try OrdersOnTerminal(arguments: ["--db", database], columns: columns, rows: rows, home: home)
        defer { second.quit() }
        guard let secondSearchable = second.waitUntil(timeout: loadingTimeout(count: count), { isComplete($0, count: count) }) else {
            throw BenchmarkError("the second process never finished loading")
        }
        guard let secondPrivate = second.procKilobytes("smaps_rollup", ["Private_Clean", "Private_Dirty"]) else {
            throw BenchmarkError("no /proc/\(second.pid)/smaps_rollup")
        }
        return Figures(firstRows: firstRows, searchable: searchable, cpuUntilSearchable: cpu, peakResident: peak,
                       secondPrivate: secondPrivate, secondSearchable: secondSearchable)
    }

    /// The header counts every order and the All tab agrees: loading is over.
    static func isComplete(_ lines: [String], count: Int) -> Bool {
        lines.count > 1 && lines[0].hasSuffix("\(count)/\(count) orders") && lines[1].contains("All \(count)")
    }

    static func format(_ duration: Duration) -> String {
        let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        return seconds < 1 ? String(format: "%.0f ms", seconds * 1000) : String(format: "%.2f s", seconds)
    }

    static func mebibytes(_ bytes: Int) -> String {
        String(format: "%.0f MiB", Double(bytes) / 1_048_576)
    }
}
