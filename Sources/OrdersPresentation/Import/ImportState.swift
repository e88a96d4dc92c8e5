import OrdersInterchange

/// Where an import started from the app (`:import FILE`) is: nothing under way, running (with how
/// far it is), or finished with a summary for the operator to read and dismiss.
public enum ImportState: Hashable, Sendable {
    case idle
    case running(ImportRun)
    case finished(ImportSummary)
}

/// An import under way.
public struct ImportRun: Hashable, Sendable {
    /// The file as the operator named it, `~` expanded.
    public var path: String
    /// What the summary and the progress line call it.
    public var fileName: String
    /// The importer's last report of how far it is; nil until the first one arrives.
    public var progress: ShopImportProgress?
    /// The operator asked to stop; the importer stops at its next chunk and writes nothing.
    public var isCancelling: Bool

    public init(path: String, fileName: String, progress: ShopImportProgress? = nil, isCancelling: Bool = false) {
        self.path = path
        self.fileName = fileName
        self.progress = progress
        self.isCancelling = isCancelling
    }
}
