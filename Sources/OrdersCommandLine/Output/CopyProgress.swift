import Foundation
import Synchronization

/// How far `orders copy` has got, on standard error: a bar redrawn in place on a terminal,
/// otherwise a plain line at every tenth, so a log file gets a few lines, not one per page.
final class CopyProgress: Sendable {
    private let isTerminal: Bool
    private let width = 30
    /// The last step shown (a percent on a terminal, a tenth otherwise), so nothing is redrawn needlessly.
    private let lastStep = Mutex<Int?>(nil)

    init(isTerminal: Bool = isatty(STDERR_FILENO) == 1) {
        self.isTerminal = isTerminal
    }

    /// Shows `copied` of `total` orders.
    func show(copied: Int, total: Int) {
        let fraction = total == 0 ? 1 : Double(copied) / Double(total)
        let step = isTerminal ? Int(fraction * 100) : Int(fraction * 10)
        let changed = lastStep.withLock { last in
            defer { last = step }
            return last != step
        }
        guard changed else { return }
        FileHandle.standardError.write(Data(Self.text(copied: copied, total: total, isTerminal: isTerminal, width: width).utf8))
    }

    /// Ends the bar's line on a terminal (the plain lines end their own).
    func finish() {
        if isTerminal, lastStep.withLock({ $0 }) != nil { FileHandle.standardError.write(Data("\n".utf8)) }
    }

    /// `\r[#########---------------------]  30% 3000 of 10000 orders` on a terminal,
    /// `Copied 3000 of 10000 orders (30%).` and a line break otherwise.
    static func text(copied: Int, total: Int, isTerminal: Bool, width: Int = 30) -> String {
        let percent = total == 0 ? 100 : min(100, copied * 100 / total)
        guard isTerminal else { return "Copied \(copied) of \(total) orders (\(percent)%).\n" }
        let filled = width * percent / 100
        let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
        let percentText = String(repeating: " ", count: 3 - String(percent).count) + "\(percent)%"
        return "\r[\(bar)] \(percentText) \(copied) of \(total) orders"
    }
}
