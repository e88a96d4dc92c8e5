/// A key name that `KeyPress(name:)` could not understand.
public struct KeyNameError: Error, Equatable, CustomStringConvertible {
    /// The name as written.
    public var name: String
    /// What is wrong with it, in words a user can act on.
    public var reason: String

    public var description: String { "invalid key \"\(name)\": \(reason)" }
}

extension KeyPress: CustomStringConvertible {
    /// Names of keys without a printable character, as written in config files.
    static let keyNames: [(String, Key)] = [
        ("enter", .enter), ("tab", .tab), ("backspace", .backspace), ("delete", .delete), ("insert", .insert),
        ("esc", .escape), ("up", .up), ("down", .down), ("left", .left), ("right", .right), ("home", .home),
        ("end", .end), ("pgup", .pageUp), ("pgdn", .pageDown), ("space", .character(" ")),
    ]

    static let keyAliases: [String: Key] = [
        "return": .enter, "ret": .enter, "escape": .escape, "del": .delete, "ins": .insert, "bs": .backspace,
        "pageup": .pageUp, "pagedown": .pageDown, "pgdown": .pageDown, "backtab": .backTab,
    ]

    /// Ctrl-letters that arrive as another key's byte: Ctrl-I is Tab (0x09), and so on.
    static let controlAliases: [Character: Key] = [
        "i": .tab, "m": .enter, "j": .enter, "h": .backspace, "[": .escape,
    ]

    /// The canonical name: `ctrl-d`, `alt-x`, `shift-tab`, `F5`, `pgdn`, `space`, `?`.
    public var description: String {
        var prefix = ""
        if modifiers.contains(.control) { prefix += "ctrl-" }
        if modifiers.contains(.alt) { prefix += "alt-" }
        if modifiers.contains(.shift) { prefix += "shift-" }
        switch key {
        case .backTab:
            return modifiers.contains(.shift) ? prefix + "backtab" : prefix + "shift-tab"
        case .function(let number):
            return prefix + "F\(number)"
        case .character(let character):
            if let name = Self.keyNames.first(where: { $0.1 == key })?.0 { return prefix + name }
            return prefix + String(character)
        default:
            return prefix + (Self.keyNames.first { $0.1 == key }?.0 ?? "?")
        }
    }

    /// Parses a key name such as `ctrl-d`, `alt-x`, `shift-tab`, `F5`, `pgdn`,
    /// `space` or `?`. Names are case-insensitive except for single characters.
    public init(name: String) throws(KeyNameError) {
        let trimmed = name.trimmingSpaces()
        guard !trimmed.isEmpty else { throw KeyNameError(name: name, reason: "the name is empty") }
        var modifiers: KeyModifiers = []
        var rest = Substring(trimmed)
        // Split off modifier prefixes; a trailing "-" is itself the key ("ctrl--").
        while let dash = rest.firstIndex(of: "-"), dash != rest.startIndex, rest.index(after: dash) != rest.endIndex {
            let word = rest[..<dash].lowercased()
            let modifier: KeyModifiers
            switch word {
            case "ctrl", "control", "c": modifier = .control
            case "alt", "meta", "opt", "option", "m", "a": modifier = .alt
            case "shift", "s": modifier = .shift
            default:
                throw KeyNameError(name: name, reason: "unknown modifier \"\(rest[..<dash])\" (use ctrl, alt or shift)")
            }
            guard !modifiers.contains(modifier) else {
                throw KeyNameError(name: name, reason: "modifier \"\(word)\" appears twice")
            }
            modifiers.insert(modifier)
            rest = rest[rest.index(after: dash)...]
        }
        let keyName = String(rest)
        let lowered = keyName.lowercased()
        var key: Key
        if let named = Self.keyNames.first(where: { $0.0 == lowered })?.1 ?? Self.keyAliases[lowered] {
            key = named
        } else if lowered.first == "f", let number = Int(lowered.dropFirst()), lowered.count > 1 {
            guard (1...12).contains(number) else {
                throw KeyNameError(name: name, reason: "function keys go from F1 to F12")
            }
            key = .function(number)
        } else if keyName.count == 1, let character = keyName.first {
            guard !character.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else {
                throw KeyNameError(name: name, reason: "control characters cannot be key names")
            }
            key = .character(character)
        } else {
            throw KeyNameError(name: name, reason: "unknown key \"\(keyName)\"")
        }
        // Normalise to what the decoder produces for the same keystroke.
        if key == .tab, modifiers.contains(.shift) {
            key = .backTab
            modifiers.remove(.shift)
        }
        // Terminals send these control keys as the same byte as a named key.
        if modifiers.contains(.control), case .character(let character) = key,
           let alias = Self.controlAliases[Character(character.lowercased())] {
            key = alias
            modifiers.remove(.control)
        }
        if case .character(let character) = key, character.isLetter, character.isASCII {
            if modifiers.contains(.control) {
                // Terminals cannot tell ctrl-a from ctrl-A.
                key = .character(Character(character.lowercased()))
                modifiers.remove(.shift)
            } else if modifiers.contains(.shift) {
                key = .character(Character(character.uppercased()))
                modifiers.remove(.shift)
            }
        }
        self.init(key, modifiers: modifiers)
    }
}

private extension String {
    func trimmingSpaces() -> String {
        var characters = Substring(self)
        while characters.first?.isWhitespace == true { characters.removeFirst() }
        while characters.last?.isWhitespace == true { characters.removeLast() }
        return String(characters)
    }
}
