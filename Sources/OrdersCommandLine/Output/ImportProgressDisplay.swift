import Foundation
import OrdersCore
import OrdersInterchange

/// How far an import is: on a terminal one line redrawn in place (a bar, the orders done, the
/// rate and the time left); elsewhere (a log, a pipe) a plain line every `plainStep` orders, so a
/// log of a large import shows it moving without a line per order. The first pass (reading the
/// file) measures itself by the bytes read; the second (comparing and writing) by the orders.
final class ImportProgressDisplay {
    private let isTerminal: Bool
    private let write: (String) -> Void
    private let now: () -> Date
    private var phaseStarted: Date
    private var phase: ShopImportProgress.Phase = .reading
    private var lastDrawn: Date?
    private var lastPlain = 0
    private let plainStep: Int
    /// A terminal line is drawn and not yet ended by a line break.
    private var lineOpen = false

    init(isTerminal: Bool, plainStep: Int = 100_000, now: @escaping () -> Date = Date.init, write: @escaping (String) -> Void) {
        self.isTerminal = isTerminal
        self.plainStep = plainStep
        self.now = now
        self.write = write
        phaseStarted = now()
    }

    func update(_ progress: ShopImportProgress) {
        let time = now()
        if progress.phase != phase {
            phase = progress.phase
            phaseStarted = time
            lastDrawn = nil
            lastPlain = 0
        }
        switch progress.phase {
        case .reading: reading(progress, at: time)
        case .writing: writing(done: progress.orders, total: progress.totalOrders ?? progress.orders, at: time)
        }
    }

    /// Ends a line left open (an import that stopped, or wrote nothing, after drawing).
    func end() {
        if lineOpen { write("\n") }
        lineOpen = false
    }

    private func reading(_ progress: ShopImportProgress, at time: Date) {
        if !isTerminal {
            if progress.orders / plainStep > lastPlain / plainStep { write("\(progress.orders) orders read\n") }
            lastPlain = progress.orders
            return
        }
        if let lastDrawn, time.timeIntervalSince(lastDrawn) < 0.1, progress.bytesRead < progress.totalBytes { return }
        lastDrawn = time
        write("\r" + Self.readingLine(progress, elapsed: time.timeIntervalSince(phaseStarted)) + "\u{1B}[K")
        lineOpen = true
    }

    private func writing(done: Int, total: Int, at time: Date) {
        guard total > 0 else { return }
        if !isTerminal {
            if done % plainStep == 0 || (done == total && total >= plainStep) {
                write("\(done) of \(total) orders compared\n")
            }
            return
        }
        // A terminal line at most ten times a second, and always the last.
        if let lastDrawn, time.timeIntervalSince(lastDrawn) < 0.1, done < total { return }
        lastDrawn = time
        write("\r" + Self.line(done: done, total: total, elapsed: time.timeIntervalSince(phaseStarted)) + "\u{1B}[K")
        lineOpen = true
        if done == total { end() }
    }

    /// `reading [######--------------]  30%  120000 orders  40000/s  ETA 7s`.
    static func readingLine(_ progress: ShopImportProgress, elapsed: TimeInterval, width: Int = 20) -> String {
        let total = max(progress.totalBytes, progress.bytesRead, 1)
        let filled = progress.bytesRead * width / total
        let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
        let rate = elapsed > 0 ? Double(progress.orders) / elapsed : 0
        let byteRate = elapsed > 0 ? Double(progress.bytesRead) / elapsed : 0
        let remaining = byteRate > 0 ? Int((Double(total - progress.bytesRead) / byteRate).rounded(.up)) : nil
        return "reading [\(bar)] \(progress.bytesRead * 100 / total)%  \(progress.orders) orders  \(Int(rate))/s  ETA "
            + (remaining.map(duration) ?? "–")
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
