/// Whether the list's writes are under way, for the status line: the screen never
/// waits for storage, so it says what storage is doing instead.
public enum WriteState: Hashable, Sendable {
    case idle
    case saving
    /// A write has been under way for a while: another process holds the database.
    case waitingForDatabase

    /// What the status line says, nil when nothing is being written.
    public var text: String? {
        switch self {
        case .idle: nil
        case .saving: "saving…"
        case .waitingForDatabase: "waiting for the database…"
        }
    }
}
