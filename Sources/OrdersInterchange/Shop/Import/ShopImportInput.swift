import Foundation

/// Where an import's bytes come from: a file, read a piece at a time, or bytes already in memory
/// (tests, a file dropped into the app).
public enum ShopImportInput: Sendable {
    case file(path: String)
    case bytes([UInt8], fileName: String)

    /// The name problems and the summary call the file by.
    public var fileName: String {
        switch self {
        case .file(let path): (path as NSString).lastPathComponent
        case .bytes(_, let fileName): fileName
        }
    }
}
