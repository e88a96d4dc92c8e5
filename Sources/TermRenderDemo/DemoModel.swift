import Observation
import TermRender

/// Everything the demo shows; the run loop re-renders when any of it changes.
@MainActor
@Observable
final class DemoModel {
    /// Decoded events, oldest first, at most `logLimit`.
    private(set) var log: [String] = []
    var field = TextFieldState(maximumLength: 500)
    /// Mirrors the router's focus so that a focus change re-renders.
    var focused: FocusID?
    var mouseCapture = true
    var size: Size
    var keymaps: KeymapSet
    /// A short message that disappears by itself (a timer clears it).
    var toast: String?
    /// The state of a simulated background load (a Swift concurrency task).
    var loadState = "idle"

    private let logLimit = 200

    init(size: Size, keymaps: KeymapSet) {
        self.size = size
        self.keymaps = keymaps
    }

    func record(_ event: InputEvent) {
        log.append(event.description)
        if log.count > logLimit { log.removeFirst(log.count - logLimit) }
    }
}
