import Foundation

extension FulfilmentPromise {
    /// The earliest start whose order is still on time at `now`: an order awaiting shipment is
    /// overdue exactly when its clock started before this instant (to the millisecond).
    ///
    /// The due time never moves earlier as the start moves later, so one bisection answers for every
    /// order at once: counting the overdue among a million orders is a comparison each, not a million
    /// calendar walks.
    public func onTimeCutoff(now: Date) -> Date {
        // `now` itself is on time: a due time is never before its start.
        var onTime = now
        var span: TimeInterval = 86_400
        var overdue = now.addingTimeInterval(-span)
        // Widen until the earlier end is overdue; forty doublings reach far past any allowed promise.
        for _ in 0..<40 {
            guard dueDate(from: overdue) >= now else { break }
            onTime = overdue
            span *= 2
            overdue = now.addingTimeInterval(-span)
        }
        while onTime.timeIntervalSince(overdue) > 0.000_5 {
            let middle = Date(timeIntervalSinceReferenceDate:
                (overdue.timeIntervalSinceReferenceDate + onTime.timeIntervalSinceReferenceDate) / 2)
            if dueDate(from: middle) >= now { onTime = middle } else { overdue = middle }
        }
        return onTime
    }
}
