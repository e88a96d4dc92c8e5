import Foundation
import OrdersCore

/// Where the orders live, as a person names it with `--db` or `ORDERS_DB`: a PostgreSQL URL
/// (`postgresql://` or `postgres://`, handed to libpq as it is) or else a SQLite file path.
public enum StoreLocation: Hashable, Sendable {
    case sqliteFile(String)
    case postgres(String)

    public init(_ text: String) {
        let lowered = text.lowercased()
        self = lowered.hasPrefix("postgresql://") || lowered.hasPrefix("postgres://") ? .postgres(text) : .sqliteFile(text)
    }

    /// How messages and the header name it: a file by its path, a server by its URL without
    /// any password (libpq would take one from the URL, but it must never be shown).
    public var displayName: String {
        switch self {
        case .sqliteFile(let path): path
        case .postgres(let url): Self.withoutPassword(url)
        }
    }

    /// How the header names it: a file by its whole path (a relative one from `currentDirectory`),
    /// the home folder written `~`, so two `orders.db` are told apart; a server by its URL without
    /// password. The header shortens it from the left when it does not fit.
    public func headerName(environment: [String: String], currentDirectory: String) -> String {
        switch self {
        case .sqliteFile(let path):
            let absolute = path.hasPrefix("/") ? path : (currentDirectory as NSString).appendingPathComponent(path)
            return HomeFolder.abbreviating((absolute as NSString).standardizingPath, environment: environment)
        case .postgres: return displayName
        }
    }

    /// `url` with the password of its user part (`user:secret@`) and any `password=` parameter removed.
    static func withoutPassword(_ url: String) -> String {
        guard let schemeEnd = url.range(of: "://") else { return url }
        var result = url
        let authorityStart = schemeEnd.upperBound
        let authorityEnd = url[authorityStart...].firstIndex { $0 == "/" || $0 == "?" } ?? url.endIndex
        if let at = url[authorityStart..<authorityEnd].lastIndex(of: "@"),
           let colon = url[authorityStart..<at].firstIndex(of: ":") {
            result = String(url[..<colon]) + String(url[at...])
        }
        guard let question = result.firstIndex(of: "?") else { return result }
        let kept = result[result.index(after: question)...].split(separator: "&", omittingEmptySubsequences: false)
            .filter { !$0.lowercased().hasPrefix("password=") }
        return String(result[..<question]) + (kept.isEmpty ? "" : "?" + kept.joined(separator: "&"))
    }
}
