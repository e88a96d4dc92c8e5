import OrdersCore
@testable import OrdersScreens
import TermRender
import Testing

/// The sort indicator sits on a column on screen: at 80 columns Date is dropped, so a sort by the
/// date is shown on Age, its arrow turned (ages grow as dates go back).
@MainActor
@Suite("Sort indicator")
struct SortIndicatorTests {
    static let every: [ListColumn] = [.number, .date, .age, .customer, .items, .total, .status]

    @Test("on Date when shown, else on Age with the arrow turned; none when no column on screen sorts so")
    func placement() {
        let newestFirst = OrderSort(.date, ascending: false)
        #expect(OrderListTable.indicator(for: newestFirst, shown: Self.every, onScreen: Self.every)
            == TableSort(column: 2, ascending: false))
        let narrow: [ListColumn] = [.number, .age, .customer, .total, .status]
        #expect(OrderListTable.indicator(for: newestFirst, shown: Self.every, onScreen: narrow)
            == TableSort(column: 3, ascending: true))
        #expect(OrderListTable.indicator(for: OrderSort(.items), shown: Self.every, onScreen: narrow) == nil)
        #expect(OrderListTable.indicator(for: OrderSort(.total), shown: Self.every, onScreen: narrow)
            == TableSort(column: 6, ascending: false))
    }
}
