import Foundation
@testable import OrdersCore
@testable import OrdersInterchange
import Testing

/// `ShopOwnership.mergedRefunds`: the shop's refunds and those made here, each counted once, whatever
/// was sent, undone or made again meanwhile.
@Suite("A pull's refunds merged with those made here")
struct MergedRefundsTests {
    static let at = Date(timeIntervalSince1970: 1_790_000_000)

    static func refund(_ id: String, _ amount: Decimal, reason: String? = nil) -> Refund {
        Refund(id: id, createdAt: at, reason: reason, amount: amount)
    }

    @Test func aRefundSentFromHereIsKeptAsRecordedHereOnce() {
        // The shop's S1, and its copy of R1 (the mapper gave it the id here; the shop's note as its reason).
        let merged = ShopOwnership.mergedRefunds([Self.refund("S1", 5), Self.refund("R1", 12, reason: "shop note")],
                                                 [Self.refund("S1", 5), Self.refund("R1", 12, reason: "arrived broken")])
        #expect(merged == [Self.refund("S1", 5), Self.refund("R1", 12, reason: "arrived broken")])
    }

    @Test func aSentRefundUndoneHereComesBackAsTheShopsAndKeepsItsOwnIdWhenALaterOneTookIt() {
        // R1 (12.00) was sent, then undone here: the shop's copy comes back as R1.
        #expect(ShopOwnership.mergedRefunds([Self.refund("R1", 12)], []) == [Self.refund("R1", 12)])
        // R1 was sent and undone, and a new refund here took the id R1 (3.00) before the pull: both stay,
        // the shop's copy as the next S refund.
        #expect(ShopOwnership.mergedRefunds([Self.refund("S1", 5), Self.refund("R1", 12)], [Self.refund("S1", 5), Self.refund("R1", 3)])
                == [Self.refund("S1", 5), Self.refund("R1", 3), Self.refund("S2", 12)])
    }
}
