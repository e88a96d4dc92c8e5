@testable import OrdersCore
@testable import OrdersPresentation
import TerminalTestSupport
import Testing

extension OrderListModel {
    /// `waitForChangesHandled`, bounded: a change notice that never arrives (a lost file
    /// event, a feed that stopped) fails the test that waited for it, naming it, instead of
    /// hanging the whole run.
    func expectChangesHandled(_ count: Int, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let list = self
        let arrived = await Deadline.finishes { await list.waitForChangesHandled(count) }
        try #require(arrived, "the list never handled change notice \(count) (waited \(Deadline.generous))",
                     sourceLocation: sourceLocation)
    }
}
