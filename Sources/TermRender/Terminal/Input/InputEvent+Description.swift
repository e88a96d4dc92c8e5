extension InputEvent: CustomStringConvertible {
    /// A short human-readable form, for logs and debugging screens.
    public var description: String {
        switch self {
        case .key(let press):
            return press.description
        case .mouse(let mouse):
            var text = "mouse \(mouse.button) \(mouse.kind) at \(mouse.position.x),\(mouse.position.y)"
            if !mouse.modifiers.isEmpty { text += " " + KeyPress(.character(" "), modifiers: mouse.modifiers).modifierPrefix }
            return text
        case .paste(let text):
            return "paste \(text.count) chars"
        case .resize(let size):
            return "resize \(size)"
        case .focus(let gained):
            return gained ? "focus in" : "focus out"
        }
    }
}

extension KeyPress {
    /// `ctrl-alt-` etc., without the key.
    var modifierPrefix: String {
        var prefix = ""
        if modifiers.contains(.control) { prefix += "ctrl-" }
        if modifiers.contains(.alt) { prefix += "alt-" }
        if modifiers.contains(.shift) { prefix += "shift-" }
        return prefix
    }
}
