import TermRender

/// The demo's keymap contexts: one per focusable part, and the app-wide one.
enum DemoContext: String, CaseIterable {
    case field, log, app
}

/// The demo's key bindings, as data built from the commands: the footer is generated from them.
enum DemoKeymap {
    static func make() throws -> KeymapSet {
        try KeymapSet(DemoContext.allCases.map { context in
            try Keymap(context: context.rawValue, bindings: DemoCommand.allCases.filter { $0.context == context }.map { command in
                let binding = command.binding
                return try KeyBinding(action: command.rawValue, keyNames: [binding.key], label: binding.label,
                                      help: binding.help, group: binding.group, showsInFooter: command != .interrupt)
            })
        })
    }
}
