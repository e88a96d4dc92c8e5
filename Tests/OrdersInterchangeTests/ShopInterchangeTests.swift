import Foundation
@testable import OrdersCore
@testable import OrdersInterchange
import OrdersTestSupport
import Testing

/// The script contract for money as shops have it: exact JSON for one rich order (money as decimal
/// strings), read back to the same order from JSON and CSV.
@Suite("Shop money in JSON and CSV")
struct ShopInterchangeTests {

    @Test func oneRichOrderIsExactlyThisJSON() {
        let order = ShopFixtures.richOrder()
        #expect(order.total == Decimal(string: "27.940")!)   // 24.690 + 1.500 − 2.000 + 3.250 + 0.500, tax inside
        #expect(OrderJSON.object(for: order) == """
            {"id": "#1001", "source": "shopify", "shop_id": "5512345678901", "created_at": "2026-09-21T14:13:20.000Z", \
            "updated_at": "2026-09-21T14:13:20.000Z", "customer": {"name": "Fatima Al-Sabah", "email": "fatima@example.kw", \
            "phone": "+965 2222 3333", "key": "7390012"}, "country": "KW", "shipping_address": {"name": "Fatima Al-Sabah", \
            "company": null, "lines": ["Block 3, Street 12", "House 7"], "city": "Salmiya", "postcode": null, \
            "region": "Hawalli", "country": "KW", "phone": null}, "billing_address": null, "shipping_method": "Express", \
            "tracking_numbers": ["KW123"], "payment_method": "cash_on_delivery", "currency": "KWD", "status": "processing", \
            "payment_status": "partially_refunded", "paid_at": "2026-09-21T14:14:20.000Z", \
            "fulfillment_status": "partially_fulfilled", "fulfilled_at": null, "source_status": null, "cancelled_at": null, \
            "cancel_reason": null, "closed": false, "items": [{"sku": "OUD-1", "title": "Oud, 50 ml", "quantity": 2, \
            "unit_price": "12.345", "line_total": "24.690", "fulfilled_quantity": 1, "refunded_quantity": 1}, \
            {"sku": "BOX", "title": "Gift box", "quantity": 1, \
            "unit_price": "1.500", "line_total": "1.500", "fulfilled_quantity": 0, "refunded_quantity": 0}], \
            "subtotal": "26.190", "discount": "2.000", "discount_codes": [{"code": "EID", "amount": "2.000"}], \
            "adjustments": [{"kind": "fee", "label": "Cash on delivery", "amount": "0.500"}], "shipping": "3.250", \
            "tax": "1.245", "taxes_included": true, "total": "27.940", "stated_total": "27.940", "refunded": "12.345", \
            "outstanding": "15.595", "shop_currency": "EUR", "shop_total": "84.60", "exchange_rate": "3.0279", \
            "refunds": [{"id": "R1", "created_at": "2026-09-21T15:13:20.000Z", "reason": "leaked", "amount": "12.345", \
            "shipping": "0.000", "restock": false, "lines": [{"line": 1, "sku": "OUD-1", "quantity": 1}]}], "tags": [], \
            "flagged": false, "risk": "low", "assignee": null, "customer_note": "Call first,\\nplease", \
            "note_attributes": [{"key": "gift", "value": "yes"}], "notes": [], "version": 1}
            """)
    }

    @Test(arguments: OrderFileFormat.allCases)
    func theRichOrderReadsBackTheSame(_ format: OrderFileFormat) throws {
        var exporter = OrderExporter(format: format)
        let text = exporter.prologue() + exporter.text(for: [ShopFixtures.richOrder()]) + exporter.epilogue()
        #expect(try OrderImporter.decode(Array(text.utf8), format: format, fileName: "rich.\(format)") == [ShopFixtures.richOrder()])
    }

    /// Found by the fuzzer (JSON import, seed 20261123): a refund line of Int.min made `line - 1` trap.
    @Test func refundLinesBelowOneAreRefusedNotTrapped() {
        let json = """
            [{"id": "#3", "source": "shop", "customer": "A", "email": "a@b.dk", "country": "DK", "currency": "DKK",
              "status": "processing", "payment_status": "partially_refunded", "created_at": "2026-03-01T09:30:00Z",
              "refunds": [{"id": "R1", "created_at": "2026-03-02T09:30:00Z", "amount": "1.00",
                           "lines": [{"line": 0, "quantity": 1}, {"line": -9223372036854775808, "quantity": 1}]}],
              "items": [{"sku": "A", "title": "a", "quantity": 1, "unit_price": "10.00"}]}]
            """
        do {
            _ = try OrderJSON.decode(Array(json.utf8), fileName: "bad.json")
            Issue.record("a refund line below 1 was accepted")
        } catch {
            #expect(error.problems.map(\.description) == [
                "bad.json, index 0, field refunds[0].lines[0].line: 0 is not a line number (lines count from 1)",
                "bad.json, index 0, field refunds[0].lines[1].line: -9223372036854775808 is not a line number (lines count from 1)",
            ])
        }
    }

    @Test func brokenMoneyFieldsAreRefusedWithTheirPlace() {
        let json = """
            [{"id": "#1", "source": "shop", "customer": "A", "email": "a@b.dk", "country": "DK", "currency": "DKK",
              "status": "processing", "payment_status": "paid", "created_at": "2026-03-01T09:30:00Z", "shipping": "4.9x",
              "items": [{"sku": "A", "title": "a", "quantity": 1, "unit_price": "10.00"}]},
             {"id": "#2", "source": "shop", "customer": "A", "email": "a@b.dk", "country": "DK", "currency": "DKK",
              "status": "processing", "payment_status": "partially_refunded", "created_at": "2026-03-01T09:30:00Z",
              "adjustments": [{"kind": "tip", "label": "Tip", "amount": "1.00"}],
              "refunds": [{"id": "R1", "created_at": "yesterday", "amount": "1.00"},
                          {"id": "R2", "created_at": "2026-03-02T09:30:00Z", "amount": "20.00", "lines": [{"line": 2, "quantity": 1}]}],
              "items": [{"sku": "A", "title": "a", "quantity": 1, "unit_price": "10.00"}]}]
            """
        #expect(throws: ImportError.self) { try OrderJSON.decode(Array(json.utf8), fileName: "bad.json") }
        do {
            _ = try OrderJSON.decode(Array(json.utf8), fileName: "bad.json")
        } catch {
            #expect(error.problems.map(\.description) == [
                "bad.json, index 0, field shipping: expected a number",
                "bad.json, index 1, field adjustments[0].kind: unknown kind \"tip\" (expected fee or duty)",
                "bad.json, index 1, field refunds[0].created_at: \"yesterday\" is not an ISO 8601 date-time such as 2026-03-01T09:30:00Z",
                "bad.json, index 1, field refunds[1].lines: the order has no line 2 (it has 1)",
                "bad.json, index 1, field refunds[1].amount: 20.00 DKK is more than was paid and not yet given back (10.00 of 11.00 DKK)",
            ])
        }
    }
}
