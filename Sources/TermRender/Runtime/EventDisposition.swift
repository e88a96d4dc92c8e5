/// Whether a handler consumed an event; unhandled events travel on.
public enum EventDisposition: Hashable, Sendable {
    case handled
    case ignored
}
