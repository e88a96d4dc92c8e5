import Foundation
@testable import OrdersCore
import OrdersTestSupport
import TerminalTestSupport
import Testing

/// A Shopify order whose lines are sent from two locations: one fulfilment leaves from one location
/// (documented: `fulfillmentCreate`'s fulfilment orders are assigned to the same location), so a
/// shipment of lines at both is refused before anything is sent, and each location's lines go alone.
extension ShopPushTests {
    @Test func aShopifyShipmentOfLinesAtTwoLocationsIsRefusedAndEachLocationsLinesAreSent() async throws {
        let server = try ShopTestServer(.shopify, secret: Self.token)
        var twoPlaces = ShopPullFixtures.unsentShopifyOrder()
        // The mugs at the shop's location (fulfilment order 50011), the gift wrap at Porto's (50012).
        twoPlaces["_locations"] = ["gid://shopify/LineItem/12": "Porto"]
        try await server.control(["orders": [twoPlaces]])
        let shop = try await pulled(server, into: store)
        try await change(try await order("#1001", in: store), [.fulfilLines(Shipment(lines: [ShipmentLine(line: 0, quantity: 1),
                                                                                              ShipmentLine(line: 1, quantity: 1)],
                                                                                       trackingNumber: "CTT-2"))], in: store)
        let refused = await sync(store).push(shop)
        #expect(refused.refused == ["#1001: shipment of 1 × MUG-1, 1 × line 2; tracking CTT-2: the shop sends these lines from Shop "
                                    + "location and Porto, and a fulfilment leaves from one location: record a shipment for each location's lines"])
        #expect(try await server.received().isEmpty)

        try await change(try await order("#1001", in: store), [.fulfilLines(Shipment(lines: [ShipmentLine(line: 0, quantity: 1)],
                                                                                       trackingNumber: "CTT-3"))], in: store)
        #expect(await sync(store).push(shop).sent == ["#1001: shipment of 1 × MUG-1; tracking CTT-3"])
        let shipment: NSDictionary = ["field": "fulfillmentCreate", "variables": ["fulfillment": [
            "lineItemsByFulfillmentOrder": [["fulfillmentOrderId": "gid://shopify/FulfillmentOrder/50011",
                                             "fulfillmentOrderLineItems": [["id": "gid://shopify/FulfillmentOrderLineItem/11", "quantity": 1]]]],
            "notifyCustomer": false, "trackingInfo": ["number": "CTT-3"]]]]
        #expect(try await server.received() == [shipment])
    }
}
