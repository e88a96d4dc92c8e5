import Foundation
import OrdersCore
import OrdersStorage

/// A store's history and outcomes as lines of text, for expectations that read as the history does.
package enum HistoryText {
    /// Each entry as "vVERSION field: old → new".
    package static func lines(_ history: [AuditEntry]) -> [String] {
        history.map { "v\($0.version ?? 0) \($0.field): \($0.oldValue ?? "-") → \($0.newValue ?? "-")" }
    }

    /// Each entry as "vVERSION actor field: old → new".
    package static func linesWithActors(_ history: [AuditEntry]) -> [String] {
        history.map { "v\($0.version ?? 0) \($0.actor) \($0.field): \($0.oldValue ?? "-") → \($0.newValue ?? "-")" }
    }

    /// An outcome as one line: the stored order's version and what the test looks at, or the error.
    package static func text(_ outcome: OrderUpdateOutcome) -> String {
        switch outcome {
        case .success(let order): "stored v\(order.version)"
        case .failure(let error): "refused: \(error)"
        }
    }
}
