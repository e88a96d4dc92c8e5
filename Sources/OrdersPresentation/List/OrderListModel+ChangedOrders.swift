import Foundation
import OrdersCore
import OrdersStorage

extension OrderListModel {
    /// How many changed orders one read asks for: a bulk action's thousands in a few round trips.
    static let changedOrdersBatch = 500

    /// Reads a live change's orders from the store, `changedOrdersBatch` at a time, and hands `body`
    /// each one that differs from the row the list holds, in the change's order. An order with a
    /// write of ours pending is passed over, before and after the read: that write settles its row.
    /// A batch that could not be read goes to `failed` with the error.
    func forEachChangedOrder(_ ids: [OrderID], failed: ([OrderID], any Error) -> Void,
                             _ body: (Order) -> Void) async {
        let wanted = ids.filter { !writer.isPending($0) }
        for start in stride(from: 0, to: wanted.count, by: Self.changedOrdersBatch) {
            let batch = Array(wanted[start..<min(start + Self.changedOrdersBatch, wanted.count)])
            let read: [OrderID: Order]
            do {
                read = Dictionary(try await store.orders(withIDs: batch).map { ($0.id, $0) }, uniquingKeysWith: { $1 })
            } catch {
                failed(batch, error)
                continue
            }
            for id in batch {
                guard let order = read[id], !writer.isPending(id) else { continue }
                if let slot = index.slot(of: id), index.version(slot) == order.version { continue }
                body(order)
            }
        }
    }
}
