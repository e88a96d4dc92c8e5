/// What the status bar says about the database connection, when there is something to say.
public enum ConnectionNotice: Hashable, Sendable {
    /// The server cannot be reached; the store keeps trying.
    case unreachable
    /// The server is back and the list has caught up; shown for a moment.
    case reconnected

    public var text: String {
        switch self {
        case .unreachable: "Database unreachable — reconnecting…"
        case .reconnected: "Reconnected"
        }
    }
}
