import TermRender

/// The demo's key bindings, as data: the footer is generated from them.
enum DemoKeymap {
    static let quit = "demo.quit"
    static let interrupt = "demo.interrupt"
    static let toggleMouse = "demo.mouse"
    static let focusNext = "demo.focus"
    static let toast = "demo.toast"
    static let load = "demo.load"
    static let submit = "field.submit"
    static let leave = "field.leave"

    static func make() throws -> KeymapSet {
        KeymapSet([
            Keymap(context: "field", bindings: [
                try KeyBinding(action: submit, keyNames: ["enter"], label: "keep", help: "Add the text to history",
                               group: "Field"),
                try KeyBinding(action: leave, keyNames: ["esc"], label: "leave", help: "Back to the event log",
                               group: "Field"),
            ]),
            Keymap(context: "log", bindings: [
                try KeyBinding(action: quit, keyNames: ["q"], label: "quit", help: "Quit with status 0", group: "App"),
                try KeyBinding(action: toggleMouse, keyNames: ["m"], label: "mouse", help: "Toggle mouse capture",
                               group: "App"),
                try KeyBinding(action: toast, keyNames: ["t"], label: "toast", help: "Show a message for a second",
                               group: "App"),
                try KeyBinding(action: load, keyNames: ["l"], label: "load", help: "Run a background task",
                               group: "App"),
            ]),
            Keymap(context: "app", bindings: [
                try KeyBinding(action: focusNext, keyNames: ["tab"], label: "focus", help: "Move focus",
                               group: "App"),
                try KeyBinding(action: interrupt, keyNames: ["ctrl-c"], label: "interrupt",
                               help: "Quit with status 130", group: "App", showsInFooter: false),
            ]),
        ])
    }
}
