import Foundation
@testable import OrdersCore
@testable import OrdersPresentation
@testable import OrdersStorage
import OrdersTestSupport
import Testing

/// A list action over many marked orders (issue 27) writes them many to a transaction
/// (`OrderUpdateChunks`), with every order stored and its history as when they went one by one,
/// and its undo puts every one back. On every store, over more orders than one transaction takes.
@Suite("List: a bulk action over marked orders, written in chunks, and its undo")
@MainActor
struct ListBulkActionTests {
    @Test(arguments: StoreKind.allCases)
    func flaggingEveryMarkedOrderStoresEachWithItsHistoryAndUndoPutsThemBack(_ kind: StoreKind) async throws {
        let clock = TestClock()
        let fixture = try StoreFixture(kind, clock: clock)
        let count = OrderUpdateChunks.size * 2 + 3
        let originals = (1...count).map(OrderFixtures.threeMugs)
        try await fixture.store.insert(originals)
        let model = OrderListModel(store: fixture.store, environment: PresentationFixtures.environment(clock: clock))
        model.load()
        await model.waitForPendingWork()
        model.markAllVisible()
        await model.waitForPendingWork()

        clock.advance(by: 60)
        #expect(model.perform(.flag) == count)
        await model.waitForPendingWork()
        #expect(model.errorMessage == nil)
        #expect(model.writeState == .idle)
        let second = try fixture.secondHandle()
        for original in originals {
            var flagged = original
            flagged.flagged = true
            flagged.version = 2
            flagged.updatedAt = clock.now
            #expect(try await second.order(original.id) == flagged)
        }
        for id in [1, OrderUpdateChunks.size, OrderUpdateChunks.size + 1, count] {
            #expect(HistoryText.linesWithActors(try await second.history(of: OrderID(id))) == ["v2 mia flagged: false → true"])
        }

        clock.advance(by: 60)
        model.undo()
        await model.waitForPendingWork()
        #expect(model.errorMessage == nil)
        for original in originals {
            var undone = original
            undone.version = 3
            undone.updatedAt = clock.now
            #expect(try await second.order(original.id) == undone)
        }
        for id in [1, OrderUpdateChunks.size + 1, count] {
            #expect(HistoryText.linesWithActors(try await second.history(of: OrderID(id))) == [
                "v2 mia flagged: false → true",
                "v3 mia undo: - → version 2",
                "v3 mia flagged: true → false",
            ])
        }
        #expect(model.rowCount == count)
        #expect((0..<count).allSatisfy { model.row(at: $0)?.isFlagged == false })
    }
}
