import Observation
import TermRender

/// Everything the demo shows; the run loop re-renders when any of it changes.
@MainActor
@Observable
final class DemoModel {
    /// Decoded events, oldest first, at most `logLimit`.
    private(set) var log: [String] = []
    var field = TextFieldState(maximumLength: 500)
    /// Which part has the keys.
    var focus = DemoFocus.log
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

/// The part of the demo that sees keys first: the event log or the field (Tab toggles).
enum DemoFocus {
    case log, field

    /// Its keymap context.
    var context: DemoContext {
        switch self {
        case .log: .log
        case .field: .field
        }
    }

    mutating func toggle() {
        self = self == .log ? .field : .log
    }
}
