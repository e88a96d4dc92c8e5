import Observation
import TermRender

/// Everything the demo shows; the run loop re-renders when any of it changes.
@MainActor
@Observable
final class DemoModel {
    enum Focus { case log, field }

    /// Decoded events, oldest first, at most `logLimit`.
    private(set) var log: [String] = []
    var field = ""
    var focus: Focus = .log
    var mouseCapture = true
    var size: Size
    /// Counts renders, shown so a test can tell a frame was drawn.
    @ObservationIgnored var frames = 0

    private let logLimit = 200

    init(size: Size) {
        self.size = size
    }

    func record(_ event: InputEvent) {
        log.append(event.description)
        if log.count > logLimit { log.removeFirst(log.count - logLimit) }
    }
}
