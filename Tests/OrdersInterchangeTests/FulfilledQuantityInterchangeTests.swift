import Foundation
@testable import OrdersCore
@testable import OrdersInterchange
import OrdersTestSupport
import Testing

/// `items[].fulfilled_quantity` in JSON and the `fulfilled_quantity` column in CSV: written for every
/// line, read back exactly, refused outside 0…quantity with its place, and, in files from before
/// it was written, following the order's fulfilment.
@Suite("Fulfilled quantity in JSON and CSV")
struct FulfilledQuantityInterchangeTests {
    static let json = """
        {"id": "#7", "source": "shop", "customer": "Ida Holm", "email": "ida@example.dk", "country": "DK", "currency": "DKK",
         "status": "%STATUS%", "payment_status": "paid", "fulfillment_status": "%FULFILMENT%", "created_at": "2026-03-01T09:30:00Z",
         "items": [{"sku": "MUG-1", "title": "Mug", "quantity": 3, "unit_price": "45.00"%FIRST%},
                   {"sku": "", "title": "Gift card", "quantity": 1, "unit_price": "10.00"%SECOND%}]}
        """

    static func file(status: String = "processing", fulfilment: String, first: String = "", second: String = "") -> [UInt8] {
        Array(("[" + json.replacingOccurrences(of: "%STATUS%", with: status).replacingOccurrences(of: "%FULFILMENT%", with: fulfilment)
            .replacingOccurrences(of: "%FIRST%", with: first).replacingOccurrences(of: "%SECOND%", with: second) + "]").utf8)
    }

    @Test func jsonReadsTheQuantitySentPerLine() throws {
        let orders = try OrderJSON.decode(Self.file(fulfilment: "partially_fulfilled", first: ", \"fulfilled_quantity\": 2",
                                                    second: ", \"fulfilled_quantity\": 0"), fileName: "in.json")
        #expect(orders.map { $0.items.map(\.fulfilledQuantity) } == [[2, 0]])
    }

    @Test func filesWithoutItFollowTheOrdersFulfilment() throws {
        let sent = try OrderJSON.decode(Self.file(status: "shipped", fulfilment: "fulfilled"), fileName: "in.json")
        #expect(sent.map { $0.items.map(\.fulfilledQuantity) } == [[3, 1]])
        let partly = try OrderJSON.decode(Self.file(fulfilment: "partially_fulfilled"), fileName: "in.json")
        #expect(partly.map { $0.items.map(\.fulfilledQuantity) } == [[0, 0]])
        let csv = Array(("""
            \(FileFixtures.header)
            \(FileFixtures.goodRow.replacingOccurrences(of: ",pending,", with: ",shipped,"))

            """).utf8)
        #expect(try OrderCSV.decode(csv, fileName: "in.csv").map { $0.items.map(\.fulfilledQuantity) } == [[1]])
    }

    @Test func outOfRangeOrBrokenQuantitiesAreRefusedWithTheirPlace() {
        #expect(throws: ImportError(problems: [ImportProblem(file: "in.json", location: .index(0), field: "items[0].fulfilled_quantity",
                                                             problem: "must be between 0 and the quantity (3), got 4")])) {
            try OrderJSON.decode(Self.file(fulfilment: "partially_fulfilled", first: ", \"fulfilled_quantity\": 4"), fileName: "in.json")
        }
        #expect(throws: ImportError(problems: [ImportProblem(file: "in.json", location: .index(0), field: "items[1].fulfilled_quantity",
                                                             problem: "expected a whole number between 0 and the quantity")])) {
            try OrderJSON.decode(Self.file(fulfilment: "partially_fulfilled", second: ", \"fulfilled_quantity\": 0.5"), fileName: "in.json")
        }
        let header = FileFixtures.header + ",fulfilled_quantity"
        let csv = Array("\(header)\n\(FileFixtures.goodRow),2\n\(FileFixtures.goodRow.replacingOccurrences(of: "ORD-0000001", with: "ORD-0000002")),x\n".utf8)
        #expect(throws: ImportError(problems: [
            ImportProblem(file: "in.csv", location: .line(3), field: "fulfilled_quantity", problem: "\"x\" is not a whole number between 0 and the quantity"),
            ImportProblem(file: "in.csv", location: .line(2), field: "fulfilled_quantity", problem: "must be between 0 and the quantity (1), got 2"),
        ].sorted { $0.location.sortKey < $1.location.sortKey })) {
            try OrderCSV.decode(csv, fileName: "in.csv")
        }
    }

    @Test(arguments: OrderFileFormat.allCases)
    func aPartlySentOrderRoundTripsExactly(_ format: OrderFileFormat) throws {
        let order = OrderFixtures.partlySent(3)
        var exporter = OrderExporter(format: format)
        let text = exporter.prologue() + exporter.text(for: [order]) + exporter.epilogue()
        let read = try OrderImporter.decode(Array(text.utf8), format: format, fileName: "x.\(format)")
        #expect(read.map { $0.items } == [order.items])
        #expect(read.map(\.trackingNumbers) == [["1Z-FIRST"]])
    }
}
