/// Where text that does not fit is cut.
public enum TruncationMode: Hashable, Sendable {
    /// `Long text…`
    case tail
    /// `Long…text`
    case middle
    /// `…ong text`
    case head
}

private struct LineLimitKey: EnvironmentKey {
    static let defaultValue: Int? = nil
}

private struct TruncationModeKey: EnvironmentKey {
    static let defaultValue = TruncationMode.tail
}

extension EnvironmentValues {
    /// The most lines a Text may wrap onto; nil for as many as fit.
    public var lineLimit: Int? {
        get { self[LineLimitKey.self] }
        set { self[LineLimitKey.self] = newValue.map { max(1, $0) } }
    }

    /// Where text that does not fit is cut.
    public var truncationMode: TruncationMode {
        get { self[TruncationModeKey.self] }
        set { self[TruncationModeKey.self] = newValue }
    }
}
