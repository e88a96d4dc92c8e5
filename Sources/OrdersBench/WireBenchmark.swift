import Foundation

/// Measures the bytes the real `orders` program sends to its terminal per key, outside in.
///
/// Starts the release `orders` binary on a 200×60 pseudo-terminal over a fresh database of
/// 100,000 demo orders, once as xterm-256color (which has ECH and BCE: blank runs can be erased)
/// and once as tmux-256color (the terminal inside tmux and screen, which has neither), and prints
/// medians of what one key costs: the selection moving one row, the selection pushing the table
/// up one line from the last row, the wheel there (three lines), and a key that changes nothing.
/// Each frame is one write between synchronized-output brackets, so a key's bytes are
/// everything up to the closing bracket. `ORDERS_BENCH_WIRE_DUMP=FOLDER` keeps each
/// terminal's whole output there, to see what goes out.
enum WireBenchmark {
    static let columns = 200, rows = 60
    static let orderCount = 100_000
    static let samples = 31
    static let frameEnd = "\u{1B}[?2026l"

    static func run() {
        print("Bytes on the wire, the real orders binary on a \(columns)x\(rows) pty, \(orderCount) demo orders (medians of \(samples)):")
        do {
            let folder = try ScratchFolder()
            let database = try folder.demoDatabase(count: orderCount)
            for term in ["xterm-256color", "tmux-256color"] {
                try measure(term: term, database: database, home: folder.path)
            }
        } catch {
            print("  skipped: \(error)")
        }
    }

    static func measure(term: String, database: String, home: String) throws {
        let app = try OrdersOnTerminal(arguments: ["--db", database], columns: columns, rows: rows, term: term, home: home)
        defer { app.quit() }
        guard app.waitUntil({ $0[0].hasSuffix("\(orderCount)/\(orderCount) orders") }) != nil else {
            throw BenchmarkError("the list never finished loading")
        }
        let first = app.settle()
        // One key and the frame it causes.
        func key(_ text: String) -> Int {
            let before = app.byteCount
            app.type(text)
            app.waitFor(frameEnd, after: before, timeout: .milliseconds(500))
            return app.settle(quiet: .milliseconds(40)) - before
        }
        var selection: [Int] = [], nothing: [Int] = [], push: [Int] = [], wheel: [Int] = []
        for sample in 0..<samples {
            selection.append(key(sample.isMultiple(of: 2) ? "j" : "k"))
        }
        // Back on the first row, ↑ changes nothing.
        if samples % 2 == 1 { _ = key("k") }
        for _ in 0..<samples { nothing.append(key("k")) }
        // The last visible row (a table of rows − 5 lines), then ↓ pushes the table up a line.
        app.type(String(repeating: "j", count: rows - 6))
        _ = app.settle()
        for _ in 0..<samples { push.append(key("j")) }
        for _ in 0..<samples { wheel.append(key("\u{1B}[<65;100;30M")) }
        print("  \(term): first full frame \(first) bytes")
        report("selection moves one row", selection, target: 500)
        report("selection pushes the table up a line", push, target: 300)
        report("wheel on the last row (three lines)", wheel, target: nil)
        report("nothing changes", nothing, target: 0)
        if let folder = ProcessInfo.processInfo.environment["ORDERS_BENCH_WIRE_DUMP"] {
            try Data(app.bytes(from: 0)).write(to: URL(fileURLWithPath: folder).appendingPathComponent("\(term).out"))
        }
    }

    static func report(_ label: String, _ values: [Int], target: Int?) {
        let sorted = values.sorted()
        let median = sorted[sorted.count / 2]
        let verdict = target.map { " (target ≤ \($0): \(median <= $0 ? "ok" : "over"))" } ?? ""
        print("    \(label.padding(toLength: 40, withPad: " ", startingAt: 0)) \(median) bytes\(verdict); min \(sorted.first ?? 0), max \(sorted.last ?? 0)")
    }
}
