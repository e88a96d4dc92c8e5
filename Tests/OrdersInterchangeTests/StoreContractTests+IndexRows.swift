import Foundation
@testable import OrdersCore
@testable import OrdersStorage
import OrdersTestSupport
import Testing

extension StoreContractTests {
    /// `scanIndexRows` streams, in ascending id order and batches of at most the size asked, the
    /// row `OrderIndexRow.init(_:)` makes of each stored order: every field, in every store.
    @Test(arguments: StoreKind.allCases)
    func indexRowsAreTheStoredOrdersRows(_ kind: StoreKind) async throws {
        let fixture = try await Self.filled(kind)
        var rows: [OrderIndexRow] = []
        for try await batch in fixture.store.scanIndexRows(batchSize: 64) {
            #expect(batch.count <= 64)
            rows += batch
        }
        let expected = DemoFixtures.storeSample.sorted { $0.id < $1.id }.map(OrderIndexRow.init)
        #expect(rows.map(\.id) == expected.map(\.id))
        #expect(rows == expected)
    }
}
