import Foundation
import OrdersCore
import OrdersInterchange
import TerminalText

/// An order's history for `orders history` (and the `history` of `orders show`): each change with when,
/// who, what moved from what to what, and the version it made (what `orders undo` takes).
enum HistoryText {
    static func text(of order: Order, history: [AuditEntry]) -> String {
        let safe = { (text: String) in TerminalText.neutralized(text) }
        guard !history.isEmpty else { return "\(safe(order.number)): no changes yet (version \(order.version))\n" }
        var lines = ["\(safe(order.number))  version \(order.version)"]
        for entry in history {
            lines.append("  " + (entry.version.map { "v\($0)" } ?? "  ") + "  " + line(entry))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// One entry as text, without its version: `2026-12-01T09:00:00.000Z  mia  status: pending → processing`.
    static func line(_ entry: AuditEntry) -> String {
        let safe = { (text: String) in TerminalText.neutralized(text) }
        let change = "\(entry.oldValue.map(safe) ?? "—") → \(entry.newValue.map(safe) ?? "—")"
        return "\(ISO8601Milliseconds.string(from: entry.at))  \(safe(entry.who))  \(entry.field): \(change)"
    }

    /// The entries as a JSON array, each {id, version, at, kind, actor, source, field, old, new}; `source` is
    /// null for an entry written before sources were kept.
    static func json(_ history: [AuditEntry]) -> String {
        JSONText.array(history.map { entry in
            JSONText.object([
                ("id", entry.id.map(String.init) ?? "null"),
                ("version", entry.version.map(String.init) ?? "null"),
                ("at", JSONText.string(ISO8601Milliseconds.string(from: entry.at))),
                ("kind", JSONText.string(entry.kind)),
                ("actor", JSONText.string(entry.actor)), ("source", JSONText.optionalString(entry.source?.rawValue)),
                ("field", JSONText.string(entry.field)),
                ("old", JSONText.optionalString(entry.oldValue)), ("new", JSONText.optionalString(entry.newValue)),
            ])
        })
    }
}
