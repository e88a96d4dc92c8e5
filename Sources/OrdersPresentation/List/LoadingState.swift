/// Where loading the list stands; the list is usable in every state.
public enum LoadingState: Hashable, Sendable {
    case idle
    /// The first page is shown and the full index is being built.
    case loading(loaded: Int, total: Int?)
    case loaded
    /// Loading stopped; the message says why. What was loaded stays usable.
    case failed(String)

    /// Share of orders indexed so far, 0…1, when the total is known.
    public var progress: Double? {
        switch self {
        case .loading(let loaded, let total?) where total > 0: min(Double(loaded) / Double(total), 1)
        case .loaded: 1
        default: nil
        }
    }

    /// Why loading stopped, nil unless it failed.
    public var failureMessage: String? {
        if case .failed(let message) = self { return message }
        return nil
    }

    public var isLoading: Bool {
        if case .loading = self { return true }
        return false
    }
}
