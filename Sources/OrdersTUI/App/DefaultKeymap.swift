import TermRender

/// One key binding: the keys, the command, and how the footer names it.
struct AppKeyBinding {
    var keys: [KeyPress]
    var command: AppCommand
    /// How the footer writes the keys, e.g. "j/k".
    var keyNames: String
    var label: String
    var showsInFooter: Bool
}

/// The default keys of the list screen (vim-style and arrows both work).
enum DefaultKeymap {
    static let bindings: [AppKeyBinding] = [
        AppKeyBinding(keys: [KeyPress(.character("j")), KeyPress(.down)], command: .moveDown,
                      keyNames: "j/k", label: "move", showsInFooter: true),
        AppKeyBinding(keys: [KeyPress(.character("k")), KeyPress(.up)], command: .moveUp,
                      keyNames: "k", label: "up", showsInFooter: false),
        AppKeyBinding(keys: [KeyPress(.pageDown)], command: .pageDown, keyNames: "PgDn/PgUp", label: "page", showsInFooter: true),
        AppKeyBinding(keys: [KeyPress(.pageUp)], command: .pageUp, keyNames: "PgUp", label: "page up", showsInFooter: false),
        AppKeyBinding(keys: [KeyPress(.character("g")), KeyPress(.home)], command: .jumpToTop,
                      keyNames: "g/G", label: "top/bottom", showsInFooter: true),
        AppKeyBinding(keys: [KeyPress(.character("G")), KeyPress(.end)], command: .jumpToBottom,
                      keyNames: "G", label: "bottom", showsInFooter: false),
        AppKeyBinding(keys: [KeyPress(.character("q"))], command: .quit, keyNames: "q", label: "quit", showsInFooter: true),
    ]
}
