import CPostgres
import Foundation

/// A failed libpq call or SQL statement: the server's SQLSTATE (when it sent one)
/// and its primary message, plus the detail line it may add.
package struct PostgresError: Error, CustomStringConvertible, Equatable {
    /// Five-character SQLSTATE such as "23505"; empty for client-side failures
    /// (no connection, lost connection, out of memory).
    var sqlState: String
    var message: String
    var detail: String?
    /// The connection is gone (the server restarted, the network dropped, the backend was
    /// terminated): the statement did not run, or its answer never came.
    var isConnectionLost = false
    /// The connection was lost while a `COMMIT` was on its way: the server may or may not have
    /// committed, so the write must not be sent again blindly (`PostgresConnection.transaction`).
    var isOutcomeUnknown = false
    /// The connection was lost at a transaction's `BEGIN`, before any of its work was sent.
    var isBeforeWork = false

    static let uniqueViolation = "23505"
    static let serializationFailure = "40001"
    static let deadlockDetected = "40P01"
    static let lockNotAvailable = "55P03"
    static let queryCanceled = "57014"

    var isUniqueViolation: Bool { sqlState == Self.uniqueViolation }

    /// SQLSTATEs that mean the session is over: class 08 (connection exception) and the server
    /// ending the backend (57P01 admin shutdown or `pg_terminate_backend`, 57P02 crash shutdown,
    /// 57P03 cannot connect now, while the server starts).
    static func endsSession(_ sqlState: String) -> Bool {
        sqlState.hasPrefix("08") || ["57P01", "57P02", "57P03"].contains(sqlState)
    }

    /// The first line of the message: libpq's lost-connection messages run over several lines
    /// ("server closed the connection unexpectedly\n\tThis probably means…"), and a status bar has one.
    var firstLine: String {
        String(message.split(whereSeparator: \.isNewline).first ?? Substring(message))
            .trimmingCharacters(in: .whitespaces)
    }

    /// The message as one line for a sentence: libpq and the server break theirs over lines with
    /// tabs ("…failed: No such file or directory\n\tIs the server running locally…"), which a
    /// status bar or a command's one-line error would show as control pictures.
    var sentence: String { Self.folded(message) }

    /// The detail as one line, when there is one.
    var detailSentence: String? { detail.map(Self.folded).flatMap { $0.isEmpty ? nil : $0 } }

    /// Line breaks and tabs folded into single spaces, each line's own spacing trimmed.
    static func folded(_ text: String) -> String {
        text.split(whereSeparator: { $0.isNewline })
            .map { $0.replacingOccurrences(of: "\t", with: " ").trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
            .joined(separator: " ")
    }

    /// Errors after which the same transaction, run again, may well succeed.
    var isRetryable: Bool { [Self.serializationFailure, Self.deadlockDetected].contains(sqlState) }

    package var description: String {
        var text = sqlState.isEmpty ? "PostgreSQL: \(sentence)" : "PostgreSQL error \(sqlState): \(sentence)"
        if let detailSentence { text += " (\(detailSentence))" }
        return text
    }

    /// The error a failed result carries.
    init(result: OpaquePointer) {
        // PG_DIAG_* are character-literal macros Swift does not import.
        func field(_ code: Character) -> String? {
            guard let ascii = code.asciiValue, let value = PQresultErrorField(result, Int32(ascii)) else { return nil }
            return String(cString: value)
        }
        sqlState = field("C") ?? ""
        message = field("M") ?? Self.trimmed(PQresultErrorMessage(result))
        detail = field("D")
    }

    /// The connection's last error (connecting, sending, or a lost connection).
    init(connection: OpaquePointer?) {
        sqlState = ""
        message = connection.map { Self.trimmed(PQerrorMessage($0)) } ?? "out of memory"
        detail = nil
    }

    init(sqlState: String = "", message: String, detail: String? = nil) {
        self.sqlState = sqlState
        self.message = message
        self.detail = detail
    }

    /// libpq's messages end with a newline and may start with "ERROR:  ".
    private static func trimmed(_ text: UnsafePointer<CChar>?) -> String {
        guard let text else { return "unknown error" }
        var message = String(cString: text)
        while message.last?.isNewline == true { message.removeLast() }
        if message.hasPrefix("ERROR:  ") { message.removeFirst("ERROR:  ".count) }
        return message.isEmpty ? "unknown error" : message
    }
}
