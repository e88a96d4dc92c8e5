import Foundation
import OrdersCore
import OrdersStorage
import OrdersTestSupport
import Synchronization
import TerminalTestSupport

/// A real store whose next history read, once armed, stops half-way through a detail's load:
/// the order is read, its history waits at `release` until the test opens it. `reached` opens
/// when the read arrives, so the test knows the load holds an order read before what it does next.
final class HeldHistoryStore: ForwardingOrderStore, @unchecked Sendable {
    let reached = TestGate()
    let release = TestGate()
    private let armed = Mutex(false)

    /// The next history read waits.
    func holdNextHistoryRead() { armed.withLock { $0 = true } }

    override func history(of id: OrderID) async throws -> [AuditEntry] {
        let held = armed.withLock { armed in
            defer { armed = false }
            return armed
        }
        if held {
            reached.open()
            await release.pass()
        }
        return try await base.history(of: id)
    }
}
