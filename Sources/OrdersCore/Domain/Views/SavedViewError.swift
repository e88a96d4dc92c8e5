/// Why a view could not be saved, renamed, deleted or used; each reads as one sentence.
public enum SavedViewError: Error, Hashable, Sendable, CustomStringConvertible {
    case invalidName(String)
    /// A shared view of this name exists (case ignored) and replacing it was not asked for.
    case exists(String)
    /// No view has this name; `known` lists the names there are.
    case notFound(String, known: [String])

    public var description: String {
        switch self {
        case .invalidName(let reason): reason.prefix(1).uppercased() + reason.dropFirst() + "."
        case .exists(let name): "A view named \"\(name)\" already exists."
        case .notFound(let name, let known):
            "There is no view named \"\(name)\"" + (known.isEmpty ? "." : " (known: \(known.joined(separator: ", "))).")
        }
    }
}
