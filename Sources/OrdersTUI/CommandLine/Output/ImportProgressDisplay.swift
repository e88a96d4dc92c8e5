import Foundation

/// How far an import is: on a terminal one line redrawn in place (a bar, orders done of all, the
/// rate and the time left); elsewhere (a log, a pipe) a plain line every `plainStep` orders, so a
/// log of a large import shows it moving without a line per order.
final class ImportProgressDisplay {
    private let isTerminal: Bool
    private let write: (String) -> Void
    private let now: () -> Date
    private let started: Date
    private var lastDrawn: Date?
    private let plainStep: Int
    private(set) var finished = false

    init(isTerminal: Bool, plainStep: Int = 100_000, now: @escaping () -> Date = Date.init, write: @escaping (String) -> Void) {
        self.isTerminal = isTerminal
        self.plainStep = plainStep
        self.now = now
        self.write = write
        started = now()
    }

    /// `done` of `total` orders compared with the database.
    func update(done: Int, total: Int) {
        guard total > 0 else { return }
        if !isTerminal {
            if done % plainStep == 0 || (done == total && total >= plainStep) {
                write("\(done) of \(total) orders compared\n")
            }
            return
        }
        let time = now()
        // A terminal line at most ten times a second, and always the last.
        if let lastDrawn, time.timeIntervalSince(lastDrawn) < 0.1, done < total { return }
        lastDrawn = time
        write("\r" + Self.line(done: done, total: total, elapsed: time.timeIntervalSince(started)) + "\u{1B}[K")
        if done == total {
            write("\n")
            finished = true
        }
    }

    /// `[########------------]  1200/3000 orders  400/s  ETA 5s`.
    static func line(done: Int, total: Int, elapsed: TimeInterval, width: Int = 20) -> String {
        let filled = total == 0 ? width : done * width / total
        let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
        let rate = elapsed > 0 ? Double(done) / elapsed : 0
        let remaining = rate > 0 ? Int((Double(total - done) / rate).rounded(.up)) : nil
        return "[\(bar)] \(done)/\(total) orders  \(Int(rate))/s  ETA " + (remaining.map(duration) ?? "–")
    }

    static func duration(_ seconds: Int) -> String {
        seconds < 60 ? "\(seconds)s" : seconds < 3600 ? "\(seconds / 60)m\(seconds % 60)s" : "\(seconds / 3600)h\((seconds % 3600) / 60)m"
    }
}
