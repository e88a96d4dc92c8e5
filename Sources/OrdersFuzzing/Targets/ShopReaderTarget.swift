import Foundation
import OrdersCore
import OrdersInterchange

/// Fuzzes a shop export reader (Shopify CSV, WooCommerce CSV, Shopify JSON) with its format
/// named, so a mangled header still reaches it: every input is either read into orders that each
/// have a number, a line item and money within range, or refused with problems that name the
/// file and a place in it, in words. Each order read is then mapped onto `Order`: into a valid
/// order that keeps the shop's number verbatim, or refused with worded problems at its place.
public struct ShopReaderTarget: FuzzTarget {
    public let name: String
    public let corpus: [[UInt8]]
    public let structuralBytes: [UInt8]
    let format: ShopFormat

    static let fileName = "shop-export"
    static let fileLevelProblems = ImportTarget.fileLevelProblems + ["is not valid JSON", "holds no orders"]

    public func check(_ input: [UInt8]) async -> String? {
        do {
            let orders = try ShopFileReader.read(input, fileName: Self.fileName, format: format,
                                                 zone: TimeZone(identifier: "UTC") ?? .current)
            for order in orders {
                if order.number.isEmpty { return "an order without a number was read" }
                if order.items.isEmpty { return "order \(order.number) was read without a line item" }
                let amounts = [order.total] + order.items.map(\.lineTotal) + order.refunds.map(\.amount)
                if let amount = amounts.first(where: { !MoneyLimits.isWithinRange($0) }) {
                    return "order \(order.number) holds \(amount), outside the money range"
                }
                switch ShopOrderMapper().order(from: order, file: Self.fileName) {
                case .success(let mapped):
                    if mapped.number != order.number { return "order \(order.number) was mapped as \(mapped.number)" }
                    if let issue = mapped.validationIssues().first { return "order \(order.number) was mapped invalid: \(issue)" }
                case .failure(let error):
                    if let verdict = ImportTarget.judge(error, fileName: Self.fileName, fileLevelProblems: Self.fileLevelProblems) {
                        return "mapping order \(order.number): \(verdict)"
                    }
                }
            }
            return nil
        } catch {
            return ImportTarget.judge(error, fileName: Self.fileName, fileLevelProblems: Self.fileLevelProblems)
        }
    }
}

extension ShopReaderTarget {
    static let shopifyCSV = ShopReaderTarget(
        name: "shopify-csv", corpus: [Array("""
            Name,Email,Financial Status,Paid at,Fulfillment Status,Currency,Subtotal,Shipping,Taxes,Total,Created at,\
            Lineitem quantity,Lineitem name,Lineitem price,Lineitem sku,Lineitem fulfillment status,Notes,Tags,Id
            #1001,a@example.com,paid,2025-12-07 19:08:25 +0000,fulfilled,USD,398.00,10.00,0,408.00,2025-12-07 19:08:20 +0000,\
            2,Lamp,149.00,L-1,fulfilled,"two
            lines","vip, b2b",5012345678901
            #1001,a@example.com,,,,,,,,,2025-12-07 19:08:20 +0000,1,Card,100.00,,fulfilled,,,
            1101,,partially_refunded,,partial,DKK,1250.00,0,250.00,1250.00,2025-11-30 08:14:02 +0100,1,Blanket,1250.00,B-1,pending,,,

            """.utf8)],
        structuralBytes: Array(",\"\r\n:+-. #".utf8), format: .shopifyCSV)

    static let wooCommerceCSV = ShopReaderTarget(
        name: "woocommerce-csv", corpus: [Array("""
            "order_id","order_number","order_date","status","order_total","order_subtotal","tax_total","order_currency",\
            "billing_email","refund_items","coupon_items","line_item_1","line_item_2"
            "7301","7301","2025-12-05 14:30:00","processing","113.90","100.00","19.00","EUR","i@example.fr",\
            "amount:40.00|reason:Broken|date:2025-12-07 09:00:00","code:NOEL|amount:10.00",\
            "name:Mug|sku:M-1|quantity:2|total:40.00|sub_total:40.00|tax:7.60","name:Pot|quantity:1|total:60.00"

            """.utf8)],
        structuralBytes: Array(",\"\r\n:|;. ".utf8), format: .wooCommerceCSV)

    static let shopifyJSON = ShopReaderTarget(
        name: "shopify-json", corpus: [Array("""
            {"orders": [{"id": 450789469, "name": "#1002", "created_at": "2025-12-02T11:00:00+01:00", "currency": "EUR",
             "total_price": "219.00", "financial_status": "paid", "taxes_included": true,
             "total_price_set": {"presentment_money": {"amount": "215.40", "currency_code": "CHF"}},
             "line_items": [{"id": 1, "name": "Socks", "sku": "S", "quantity": 3, "price": "23.00"}],
             "refunds": [{"created_at": "2025-12-04T13:00:00+01:00", "note": "small",
               "refund_line_items": [{"line_item_id": 1, "quantity": 1}],
               "transactions": [{"kind": "refund", "status": "success", "amount": "28.00"}]}],
             "tags": "a, b", "note": "x\\ny"}]}
            """.utf8)],
        structuralBytes: Array(",\"[]{}:\\ \nu0e-.".utf8), format: .shopifyJSON)
}
