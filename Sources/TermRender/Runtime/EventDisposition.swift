/// Identifies something that can hold focus or handle events: a list, a field, a screen.
public struct FocusID: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    public var rawValue: String

    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    public init(stringLiteral value: String) {
        self.rawValue = value
    }

    public var description: String { rawValue }
}

/// Whether a handler consumed an event; unhandled events travel on.
public enum EventDisposition: Hashable, Sendable {
    case handled
    case ignored
}
