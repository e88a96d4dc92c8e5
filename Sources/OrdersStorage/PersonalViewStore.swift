import OrdersCore

/// Where an operator's personal views live (the app's config file): views only they see, shown
/// beside the shared ones with a marker. Synchronous: a small local file.
public protocol PersonalViewStore: Sendable {
    func load() throws -> [SavedView]
    /// Writes the whole list; a failed write leaves the file as it was.
    func save(_ views: [SavedView]) throws
}
