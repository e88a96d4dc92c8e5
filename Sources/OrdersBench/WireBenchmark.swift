import CNcurses
import Foundation
import TermRender

/// Measures the bytes the real ncurses backend sends to a terminal for a full-screen order table.
///
/// Drives a `TerminalSession` on a pseudo-terminal of its own (xterm-256color, 200×60), renders a
/// 100,000-row table through `RenderSession`, and prints medians of bytes written for the first
/// frame, a one-row selection move, a one-line scroll and an unchanged frame. Bytes do not depend
/// on the build mode, but run it with the other benchmarks: `swift run -c release orders-bench wire`.
enum WireBenchmark {
    static let screen = Size(width: 200, height: 60)
    static let rowCount = 100_000
    static let samples = 41

    @MainActor
    static func run() {
        print("Bytes on the wire, real ncurses backend on a pty, xterm-256color \(screen.width)x\(screen.height), \(rowCount) rows (medians of \(samples)):")
        guard let pty = BenchmarkPseudoTerminal(columns: screen.width, rows: screen.height) else {
            print("  skipped: cannot open a pseudo-terminal")
            return
        }
        let session: TerminalSession
        do {
            session = try TerminalSession(options: .init(
                mouseCapture: false, term: "xterm-256color", inputDescriptor: pty.slave, outputDescriptor: pty.slave))
        } catch {
            print("  skipped: \(error)")
            return
        }
        defer { session.leave() }
        let batchesBefore = session.backend.writeBatches
        let figures = measure(RenderSession(backend: session.backend), width: screen.width)
        let batches = session.backend.writeBatches - batchesBefore
        session.leave()
        print("  first full frame:                          \(figures.first) bytes")
        for (label, values, target) in figures.rows {
            let median = values.sorted()[values.count / 2]
            let verdict = median <= target ? "ok" : "over"
            print("  \(label.padding(toLength: 42, withPad: " ", startingAt: 0)) \(median) bytes (target ≤ \(target): \(verdict); min \(values.min() ?? 0), max \(values.max() ?? 0))")
        }
        print("  terminal writes: \(batches) batches for \(figures.framesWithOutput) frames with output (one each)")
        print("  drained from the pty master: \(pty.finish()) bytes in total")
    }

    @MainActor
    static func measure(_ session: RenderSession, width: Int) -> (first: Int, rows: [(String, [Int], Int)], framesWithOutput: Int) {
        let visible = screen.height - 3
        var state = TableState(selection: 5_010, scrollOffset: 5_000, visibleRows: visible)
        var framesWithOutput = 0
        func frame() -> Int {
            let bytes = session.render(RenderBenchmark.Screen(rowCount: rowCount, state: state)).bytesWritten ?? -1
            if bytes > 0 { framesWithOutput += 1 }
            return bytes
        }

        let first = frame()
        var selection: [Int] = [], wheel: [Int] = [], edge: [Int] = [], nothing: [Int] = []
        for sample in 0..<samples {
            // The highlight moves one row, alternately down and up, without scrolling.
            state.moveSelection(by: sample.isMultiple(of: 2) ? 1 : -1, rowCount: rowCount)
            selection.append(frame())
            nothing.append(frame())
        }
        // The wheel: the content moves up one line, the highlight with it. Starting with the
        // highlight on the last row keeps it on screen (TableState would scroll back to it).
        state.selection = state.scrollOffset + visible - 1
        _ = frame()
        for _ in 0..<samples {
            state.scrollOffset += 1
            wheel.append(frame())
        }
        state.selection = state.scrollOffset + visible - 1
        _ = frame()
        for _ in 0..<samples {
            // ↓ on the last visible row: the content scrolls, the highlight stays on its screen row.
            state.moveSelection(by: 1, rowCount: rowCount)
            edge.append(frame())
        }
        return (first, [
            ("selection moves one row:", selection, 5 * width / 2),
            ("table scrolls one line (wheel):", wheel, 3 * width / 2),
            ("selection pushes the table one line:", edge, 3 * width / 2),
            ("nothing changes:", nothing, 0),
        ], framesWithOutput)
    }
}

/// A pseudo-terminal whose master side is drained on a background thread, so writes never block.
private final class BenchmarkPseudoTerminal: @unchecked Sendable {
    let master: Int32
    let slave: Int32
    private let drained = NSLock()
    private var total = 0
    private let done = DispatchSemaphore(value: 0)
    /// `ORDERS_BENCH_WIRE_DUMP=path` keeps a copy of every byte, to see what goes out.
    private let dump: Int32

    init?(columns: Int, rows: Int) {
        guard let pair = PseudoTerminalPair.open(columns: columns, rows: rows) else { return nil }
        master = pair.master
        slave = pair.slave
        dump = ProcessInfo.processInfo.environment["ORDERS_BENCH_WIRE_DUMP"].map { open($0, O_WRONLY | O_CREAT | O_TRUNC, 0o644) } ?? -1
        Thread.detachNewThread { [self] in drain() }
    }

    private func drain() {
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let got = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
            if got > 0 {
                drained.lock(); total += got; drained.unlock()
                if dump >= 0 { _ = buffer.withUnsafeBytes { write(dump, $0.baseAddress, got) } }
            } else if got < 0, errno == EINTR {
                continue
            } else {
                break  // EIO once the slave is closed.
            }
        }
        done.signal()
    }

    /// Closes the slave, waits for the drain to see the end, and returns the bytes it read.
    func finish() -> Int {
        close(slave)
        done.wait()
        close(master)
        if dump >= 0 { close(dump) }
        drained.lock(); defer { drained.unlock() }
        return total
    }
}
