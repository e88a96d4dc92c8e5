import Foundation

/// A shop's credential, read from its file at each sync (`--credentials FILE`): the Shopify Admin
/// API access token, or WooCommerce's `KEY:SECRET`, on one line. Never stored in the database,
/// never printed: `redacted(_:)` takes it out of any text before that text is shown or kept.
public struct ShopCredentials: Sendable {
    /// The line as written, without its line break.
    let secret: String

    /// Reads the file, refusing one that other users may read (the credential would not be a secret).
    public static func read(from path: String) throws(ShopSyncError) -> ShopCredentials {
        try checkPrivate(path)
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .credentials("The credentials file \(path) cannot be read.")
        }
        let line = String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
        let secret = line.trimmingCharacters(in: .whitespaces)
        guard !secret.isEmpty else { throw .credentials("The credentials file \(path) is empty; it holds the shop's credential on one line.") }
        return ShopCredentials(secret: secret)
    }

    /// Refuses a file that is missing, not a plain file, or readable by its group or others.
    public static func checkPrivate(_ path: String) throws(ShopSyncError) {
        var status = stat()
        guard stat(path, &status) == 0 else { throw .credentials("The credentials file \(path) does not exist.") }
        guard status.st_mode & S_IFMT == S_IFREG else { throw .credentials("The credentials file \(path) is not a plain file.") }
        guard status.st_mode & 0o044 == 0 else {
            throw .credentials("The credentials file \(path) may be read by other users; make it private first: chmod 600 \(path)")
        }
    }

    /// WooCommerce's key and secret, split at the first `:`; nil when the line has no `:`.
    var keyAndSecret: (key: String, secret: String)? {
        guard let colon = secret.firstIndex(of: ":") else { return nil }
        return (String(secret[..<colon]), String(secret[secret.index(after: colon)...]))
    }

    /// `text` with the credential, each of its parts and its Basic-auth form replaced by `[redacted]`.
    public func redacted(_ text: String) -> String {
        var pieces = [secret, Data(secret.utf8).base64EncodedString()]
        if let pair = keyAndSecret { pieces += [pair.key, pair.secret] }
        var result = text
        for piece in pieces.sorted(by: { $0.count > $1.count }) where piece.count >= 4 {
            result = result.replacingOccurrences(of: piece, with: "[redacted]")
        }
        return result
    }
}

/// Why a sync of one shop stopped: one sentence each, with the credential redacted.
public enum ShopSyncError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The credentials file is missing, unreadable, empty or not private.
    case credentials(String)
    /// The shop refused the credential (HTTP 401 or 403).
    case refused(String)
    /// The shop could not be reached, or kept failing, after the retries.
    case unreachable(String)
    /// The shop's answer was not what its API documents.
    case unexpectedAnswer(String)

    public var description: String {
        switch self {
        case .credentials(let text), .refused(let text), .unreachable(let text), .unexpectedAnswer(let text): text
        }
    }
}
