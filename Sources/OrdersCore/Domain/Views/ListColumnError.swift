/// Why a choice of columns was refused.
public enum ListColumnError: Error, Hashable, Sendable, CustomStringConvertible {
    case unknown(String)

    public var description: String {
        switch self {
        case .unknown(let name):
            "unknown column \"\(name)\"; the columns are " + ListColumn.allCases.map(\.rawValue).joined(separator: ", ")
                + " (or standard, or all)"
        }
    }
}
