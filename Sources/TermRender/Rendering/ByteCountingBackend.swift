/// A backend that can say how many bytes it has sent to the terminal, for per-frame statistics.
///
/// Kept apart from `Backend` so that backends which cannot count are not forced to pretend.
@MainActor
public protocol ByteCountingBackend: Backend {
    /// Bytes written to the terminal since the backend was created; only ever grows.
    var bytesWritten: Int { get }
}
