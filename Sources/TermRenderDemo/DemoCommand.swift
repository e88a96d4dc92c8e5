import TermRender

/// What a key can ask of the demo, as a closed set: `runDemo` performs them with one
/// exhaustive `switch`, and the keymaps (with the footer generated from them) are built
/// from the commands, so a binding to a command nobody performs cannot compile.
enum DemoCommand: String, CaseIterable {
    case submit = "field.submit"
    case leave = "field.leave"
    case quit = "demo.quit"
    case toggleMouse = "demo.mouse"
    case toast = "demo.toast"
    case load = "demo.load"
    case focusNext = "demo.focus"
    case interrupt = "demo.interrupt"

    /// The keymap context it belongs to: the focused part's, or the app-wide one.
    var context: DemoContext {
        switch self {
        case .submit, .leave: .field
        case .quit, .toggleMouse, .toast, .load: .log
        case .focusNext, .interrupt: .app
        }
    }

    /// Its default key, footer label, help text and group.
    var binding: (key: String, label: String, help: String, group: String) {
        switch self {
        case .submit: ("enter", "keep", "Add the text to history", "Field")
        case .leave: ("esc", "leave", "Back to the event log", "Field")
        case .quit: ("q", "quit", "Quit with status 0", "App")
        case .toggleMouse: ("m", "mouse", "Toggle mouse capture", "App")
        case .toast: ("t", "toast", "Show a message for a second", "App")
        case .load: ("l", "load", "Run a background task", "App")
        case .focusNext: ("tab", "focus", "Move focus", "App")
        case .interrupt: ("ctrl-c", "interrupt", "Quit with status 130", "App")
        }
    }

    /// The command bound to `press` in `context`, if any.
    init?(_ press: KeyPress, in context: DemoContext, keymaps: KeymapSet) {
        guard let id = keymaps[context.rawValue]?.action(for: press) else { return nil }
        self.init(rawValue: id)
    }
}
