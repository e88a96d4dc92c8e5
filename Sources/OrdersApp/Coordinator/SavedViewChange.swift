/// A change of a saved view that waits for the operator's yes.
public enum SavedViewChange: Hashable, Sendable {
    /// Save the list's search and sort over the view of this name.
    case replace(name: String, personal: Bool)
    case delete(name: String)
}
