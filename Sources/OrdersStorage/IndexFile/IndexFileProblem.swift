/// Why an index file was not used: each case is a plain sentence, and each means the index is
/// built again from the store (never a reason to show less than the store holds).
package enum IndexFileProblem: Error, Equatable, Sendable, CustomStringConvertible {
    /// No file beside the database (first launch, or it was removed).
    case missing
    /// Shorter or longer than its header says: a write cut short, or a copy cut short.
    case truncated
    /// Not an index file, or its bytes do not match their checksum.
    case corrupt(String)
    /// Written by another format version of orders, or for another database schema.
    case otherVersion(String)
    /// Written for another database (its identity is not this database's).
    case foreign
    /// The database changed in ways the change log can no longer list since the file was written.
    case stale(String)

    package var description: String {
        switch self {
        case .missing: "there is no index file"
        case .truncated: "the index file is cut short"
        case .corrupt(let why): "the index file is damaged (\(why))"
        case .otherVersion(let why): "the index file is of another version (\(why))"
        case .foreign: "the index file belongs to another database"
        case .stale(let why): "the index file is older than the change log reaches (\(why))"
        }
    }
}
