/// Whether a database server can be reached now, as a store that talks to one over a
/// connection reports it (`ConnectionHealthReporting`). A file has no such state.
public enum DatabaseConnectionHealth: Hashable, Sendable {
    case connected
    /// The connection is gone and the store is reconnecting; `reason` is the server's or
    /// libpq's own one-line reason ("connection refused", "terminating connection due to
    /// administrator command"), as received: neutralised where it is drawn, like all data.
    case unreachable(reason: String)
}
