import Foundation
import OrdersApp
import OrdersCore
import OrdersStorage
import OrdersTestSupport
import Synchronization
import TerminalTestSupport
import Testing

/// A shell test fails, naming the step, when an effect it started is still running once the step's
/// time is up (issue 26, as a TCA `TestStore` fails on an unfinished effect), instead of hanging the run.
@MainActor
@Suite struct ShellUnfinishedWorkTests {
    /// Once armed, reading an order waits until the test opens the gate: Enter's `.openOrder` does not
    /// finish by itself. (Before, the app and the test's snapshots read orders one by one: those pass.)
    final class GatedOrderReads: ForwardingOrderStore, @unchecked Sendable {
        let gate = TestGate()
        let armed = Mutex(false)

        override func order(_ id: OrderID) async throws -> Order? {
            if armed.withLock({ $0 }) { await gate.pass() }
            return try await super.order(id)
        }
    }

    @Test func aStepWhoseEffectIsStillRunningFailsByName() async {
        let store = GatedOrderReads(InMemoryOrderStore(orders: AppFixtures.sample, now: { AppFixtures.now }))
        let shell = await ShellStore.start(store: store)
        await ShellCommandTests.selectOrder1(shell)
        shell.settleLimit = .milliseconds(500)
        shell.dumpsThreadsWhenGivingUp = false
        store.armed.withLock { $0 = true }
        await withKnownIssue {
            await shell.send(.list(.open), effects: [.openOrder(OrderID(1))])
        } matching: { issue in
            issue.comments.contains { $0.rawValue.hasPrefix("after list(OrdersScreens.ListScreenCommand.open), work was still running") }
        }
        // Let it finish: the order opens, as it would have.
        store.gate.open()
        shell.settleLimit = Deadline.generous
        await shell.settleAfterward {
            $0.routes = [.list, .detail(OrderID(1))]
            $0.detail = OrderID(1)
        }
    }
}
