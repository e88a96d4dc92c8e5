/// Modifier keys held with a key or mouse event.
public struct KeyModifiers: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let shift = KeyModifiers(rawValue: 1 << 0)
    public static let alt = KeyModifiers(rawValue: 1 << 1)
    public static let control = KeyModifiers(rawValue: 1 << 2)
}

/// A key, independent of modifiers. Ctrl-A is `.character("a")` with `.control`.
public enum Key: Hashable, Sendable {
    /// Printable text: any Unicode grapheme.
    case character(Character)
    case enter, tab, backTab, backspace, delete, insert, escape
    case up, down, left, right, home, end, pageUp, pageDown
    /// F1 … F12.
    case function(Int)
}

/// One key press.
public struct KeyPress: Hashable, Sendable {
    public var key: Key
    public var modifiers: KeyModifiers

    public init(_ key: Key, modifiers: KeyModifiers = []) {
        self.key = key
        self.modifiers = modifiers
    }
}

public enum MouseButton: Hashable, Sendable {
    case left, middle, right
    case wheelUp, wheelDown
    /// Motion with no button held.
    case none
}

/// A mouse event at a cell.
public struct MouseEvent: Hashable, Sendable {
    public enum Kind: Hashable, Sendable { case press, release, motion }

    public var kind: Kind
    public var button: MouseButton
    public var position: Point
    public var modifiers: KeyModifiers

    public init(kind: Kind, button: MouseButton, position: Point, modifiers: KeyModifiers = []) {
        self.kind = kind
        self.button = button
        self.position = position
        self.modifiers = modifiers
    }
}

/// Everything the terminal can tell the application.
public enum InputEvent: Hashable, Sendable {
    case key(KeyPress)
    case mouse(MouseEvent)
    /// A whole bracketed paste, as one event.
    case paste(String)
    /// The terminal now has this size.
    case resize(Size)
    /// The terminal window gained (true) or lost (false) focus.
    case focus(Bool)
}
