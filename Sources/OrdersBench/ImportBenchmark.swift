import Foundation
import OrdersCore
import OrdersInterchange

/// A shop's export imported by the real `orders` binary, measured outside in, beside the floor:
/// `sqlite3 .import --csv` of the same file, which reads every byte once and writes it as rows.
///
/// Writes a Shopify admin export of N orders (one to three rows each, all 79 columns:
/// `ShopifyExportGenerator`) and the next day's export of the same shop (every 100th order
/// fulfilled since), then, in each run: the floor; `orders import FILE --db NEW`; the same file
/// again (the daily re-import of an unchanged file: "0 new, 0 updated"); and the next day's file
/// (1 % of the orders changed). Each figure is the wall time with the process's CPU time (user +
/// system, from `wait4`: the machine is shared, so wall time alone says little) and its peak
/// resident memory. The figures of the runs alternate, so a burst of load elsewhere falls on all
/// of them; medians are printed beside the goals of issue 31. N is 200,000 unless `--count N`
/// follows `import`; `--runs N` (3 by default) sets the runs.
///
/// And the rules' cost (issue 32: at most 20 % more): the first import again, into a database
/// that holds `rules` — twenty rules of the kinds shops write, added with `orders rules add`.
enum ImportBenchmark {
    /// Where Debian's `sqlite3` shell lives (`./dev bench` installs it).
    static let sqliteShell = "/usr/bin/sqlite3"
    /// One order in this many is changed in the next day's export.
    static let changedEvery = 100

    /// Twenty rules on arrival, each `orders rules add NAME` and its options: queries over what a
    /// Shopify export holds (countries, risk, payment, totals, tags, cities), actions of every kind
    /// that needs no team (an assign names a person of the team, which a new database has none of).
    static let rules: [[String]] = [
        ["01-high-risk", "--query", "risk:high", "--hold", "check risk", "--tag", "check"],
        ["02-medium-risk", "--query", "risk:medium", "--tag", "review"],
        ["03-big", "--query", "total>1000", "--flag"],
        ["04-germany", "--query", "country:DE pay:paid ship:unfulfilled", "--tag", "de-team"],
        ["05-france", "--query", "country:FR", "--tag", "fr-team"],
        ["06-japan", "--query", "country:JP", "--tag", "jp-team", "--note", "Japanese invoice"],
        ["07-us-large", "--query", "country:US total>500", "--tag", "us-large"],
        ["08-unpaid", "--query", "pay:pending", "--tag", "awaiting-payment"],
        ["09-authorized", "--query", "pay:authorized", "--note", "Capture before shipping"],
        ["10-wholesale", "--query", "tag:wholesale", "--tag", "b2b"],
        ["11-vip", "--query", "tag:vip", "--flag", "--note", "VIP: check the packing"],
        ["12-gift", "--query", "tag:gift", "--tag", "gift-wrap"],
        ["13-refunded", "--query", "refunded", "--tag", "refund-seen"],
        ["14-outstanding", "--query", "outstanding>100", "--tag", "chase"],
        ["15-berlin", "--query", "city:Berlin", "--tag", "local-courier"],
        ["16-small", "--query", "total<10", "--tag", "letter-post"],
        ["17-code", "--query", "code:WELCOME10", "--tag", "first-order"],
        ["18-uk", "--query", "country:GB", "--tag", "customs"],
        ["19-partial", "--query", "ship:partially_fulfilled", "--tag", "split"],
        ["20-cancelled", "--query", "status:cancelled", "--tag", "closed-out"],
    ]

    struct Figure {
        var wall: Duration
        var cpu: Duration
        var peak: Int
        var summary: String

        var text: String {
            "\(LaunchBenchmark.format(wall)) (\(LaunchBenchmark.format(cpu)) CPU, peak \(LaunchBenchmark.mebibytes(peak)))"
        }
    }

    static func run(count: Int, runs: Int) {
        print("Import, the real orders binary on a Shopify export of \(count) orders, beside sqlite3 .import --csv of the same file (\(runs) run\(runs == 1 ? "" : "s")):")
        do {
            guard FileManager.default.isExecutableFile(atPath: sqliteShell) else {
                throw BenchmarkError("no \(sqliteShell) for the floor (apt-get install sqlite3; ./dev bench installs it)")
            }
            let folder = try ScratchFolder()
            let file = folder.path + "/orders_export.csv"
            let nextDay = folder.path + "/orders_export_next_day.csv"
            let clock = ContinuousClock()
            let start = clock.now
            let rows = try ShopifyExportGenerator(seed: 1).write(count: count, to: file)
            try ShopifyExportGenerator(seed: 1, changedEvery: changedEvery).write(count: count, to: nextDay)
            let size = (try? FileManager.default.attributesOfItem(atPath: file)[.size] as? Int) ?? 0
            print("  file: \(rows) rows, \(LaunchBenchmark.mebibytes(size)); the next day's: 1 order in \(changedEvery) fulfilled since"
                  + " (both written in \(LaunchBenchmark.format(clock.now - start)))")
            var floors: [Figure] = [], firsts: [Figure] = [], unchangeds: [Figure] = [], changeds: [Figure] = []
            var ruled: [Figure] = []
            for run in 1...runs {
                let floorDatabase = folder.path + "/floor-\(run).db"
                let database = folder.path + "/shop-\(run).db"
                let ruledDatabase = folder.path + "/ruled-\(run).db"
                try addRules(to: ruledDatabase)
                let floor = try measure(sqliteShell, [floorDatabase, ".import --csv \(file) orders_export"])
                let first = try measure(OrdersOnTerminal.binaryPath, ["import", file, "--db", database])
                let withRules = try measure(OrdersOnTerminal.binaryPath, ["import", file, "--db", ruledDatabase])
                let unchanged = try measure(OrdersOnTerminal.binaryPath, ["import", file, "--db", database])
                let changed = try measure(OrdersOnTerminal.binaryPath, ["import", nextDay, "--db", database])
                print("  run \(run): floor \(floor.text) · first import \(first.text) · with \(rules.count) rules \(withRules.text)"
                      + " · unchanged \(unchanged.text) · 1 % changed \(changed.text)")
                if run == 1 {
                    print("    first: \(first.summary)\n    with rules: \(try changedByRules(in: ruledDatabase))"
                          + "\n    unchanged: \(unchanged.summary)\n    1 % changed: \(changed.summary)")
                }
                floors.append(floor)
                firsts.append(first)
                ruled.append(withRules)
                unchangeds.append(unchanged)
                changeds.append(changed)
                for path in [floorDatabase, database, ruledDatabase] { try? FileManager.default.removeItem(atPath: path) }
            }
            let floor = median(floors.map(\.wall))
            let unchanged = median(unchangeds.map(\.wall))
            print("  medians (wall; CPU):")
            print("    floor, sqlite3 .import --csv  \(line(floors))")
            print("    first import                  \(line(firsts))  goal ≤ 2× the floor = \(LaunchBenchmark.format(floor * 2))"
                  + verdict(median(firsts.map(\.wall)) <= floor * 2))
            let first = median(firsts.map(\.wall))
            print("    first import, \(rules.count) rules        \(line(ruled))  goal ≤ first import + 20 % = \(LaunchBenchmark.format(first * 1.2))"
                  + verdict(median(ruled.map(\.wall)) <= first * 1.2))
            print("    re-import, unchanged          \(line(unchangeds))  goal ≤ the floor = \(LaunchBenchmark.format(floor))"
                  + verdict(unchanged <= floor))
            print("    re-import, 1 % changed        \(line(changeds))  goal ≤ unchanged + 1 s = \(LaunchBenchmark.format(unchanged + .seconds(1)))"
                  + verdict(median(changeds.map(\.wall)) <= unchanged + .seconds(1)))
        } catch {
            print("  skipped: \(error)")
        }
    }

    /// A new database holding `rules` (made by the first `orders rules add`).
    private static func addRules(to database: String) throws {
        for rule in rules {
            let result = try ChildProcess.run(OrdersOnTerminal.binaryPath, ["rules", "add"] + rule + ["--db", database])
            guard result.status == 0 else {
                throw BenchmarkError("orders rules add \(rule[0]) exited with \(result.status): \(result.output)")
            }
        }
    }

    /// How many changes the rules made, as `orders` itself counts them in the history: so the
    /// figure is known to be of rules that did work, not of rules that matched nothing.
    private static func changedByRules(in database: String) throws -> String {
        let result = try ChildProcess.run(sqliteShell, [database, "SELECT count(DISTINCT order_id), count(*) FROM audit_log WHERE actor LIKE 'rule:%'"])
        let parts = result.output.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: "|")
        guard parts.count == 2 else { return "(the history could not be read: \(result.output))" }
        return "\(parts[0]) orders changed by the rules, \(parts[1]) history entries"
    }

    private static func measure(_ program: String, _ arguments: [String]) throws -> Figure {
        let result = try ChildProcess.run(program, arguments)
        guard result.status == 0 else {
            throw BenchmarkError("\((program as NSString).lastPathComponent) \(arguments.first ?? "") exited with \(result.status): \(result.output)")
        }
        let summary = result.output.split(separator: "\n").first { $0.contains(" new, ") }.map(String.init) ?? ""
        return Figure(wall: result.duration, cpu: result.cpuTime, peak: result.peakResident, summary: summary)
    }

    private static func median(_ durations: [Duration]) -> Duration {
        durations.sorted()[durations.count / 2]
    }

    private static func line(_ figures: [Figure]) -> String {
        let runs = figures.map { LaunchBenchmark.format($0.wall) }.joined(separator: ", ")
        return "\(LaunchBenchmark.format(median(figures.map(\.wall)))); \(LaunchBenchmark.format(median(figures.map(\.cpu)))) CPU"
            + (figures.count > 1 ? " (runs \(runs))" : "")
    }

    private static func verdict(_ met: Bool) -> String {
        met ? "  met" : "  MISSED"
    }
}
