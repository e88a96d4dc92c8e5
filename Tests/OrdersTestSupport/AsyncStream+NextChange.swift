import OrdersCore
import OrdersStorage
import TerminalTestSupport

extension AsyncStream<OrderStoreChange> {
    /// The next change on the feed, or nil if none arrives within `limit` (a guard
    /// against hanging, not a timing assertion). Use it with `#require`, so a test stops
    /// after a time-out: the stream must not be read again while the abandoned read waits.
    package func nextChange(within limit: Duration = Deadline.generous) async -> OrderStoreChange? {
        let stream = self
        return await Deadline.value(within: limit) {
            var iterator = stream.makeAsyncIterator()
            return await iterator.next()
        } ?? nil
    }
}
