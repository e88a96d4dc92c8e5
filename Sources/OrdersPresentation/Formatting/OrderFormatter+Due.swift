import Foundation
import OrdersCore

extension OrderFormatter {
    /// Where an order stands against its promise, for the list's Due column: `3h left`, `2d late`
    /// (the words carry it without colour; the screen adds its glyph and style for the late).
    public func dueText(_ state: DueState) -> String {
        switch state {
        case .timeLeft(let seconds): "\(compactDuration(seconds)) left"
        case .overdue(let seconds): "\(compactDuration(seconds)) late"
        }
    }

    /// The status bar's count of the overdue orders shown: `3 overdue`; nil without a promise.
    public func overdueFigure(_ summary: ListSummary) -> String? {
        summary.overdue.map { "\(count($0)) overdue" }
    }
}
