import Foundation
import OrdersCore
import OrdersPresentation
@testable import OrdersScreens
import OrdersStorage
import TermRender
import TermRenderTesting
import Testing

/// The list and the detail of orders as shops have them: the shop's numbers, payment and
/// fulfilment in one cell (or the shop's own word when it names neither), the age, dates never cut.
@MainActor
@Suite("Shop orders on the list and detail screens")
struct ShopOrderScreensRenderTests {
    nonisolated static let now = ScreenFixtures.now

    static func order(_ key: Int, number: String, source: String, customer: String, total: Decimal, currency: Currency,
                      hoursAgo: Double, payment: PaymentStatus, fulfillment: FulfillmentStatus,
                      sourceStatus: String? = nil, shopID: String? = nil) -> Order {
        var order = Order(id: OrderID(key), number: number, source: source, shopOrderID: shopID, customerName: customer,
                          email: "c\(key)@example.com", country: "DK", currency: currency,
                          items: [LineItem(sku: "SKU-\(key)", title: "Item", quantity: 2, unitPrice: total / 2)],
                          createdAt: now.addingTimeInterval(-hoursAgo * 3_600))
        order.payment = payment
        order.fulfillment = fulfillment
        order.sourceStatus = sourceStatus
        return order
    }

    /// Shopify, WooCommerce and local orders: every kind of status cell, a date of another year
    /// (the widest a date gets), two currencies and a long customer name.
    static let orders: [Order] = [
        order(1, number: "#1001", source: "shopify", customer: "Ana Lima", total: 189, currency: .eur, hoursAgo: 0.5,
              payment: .paid, fulfillment: .unfulfilled, shopID: "820982911946154508"),
        order(2, number: "1101", source: "woo", customer: "Søren Kierkegaard-Mortensen", total: 1_450, currency: Currency(code: "DKK", minorUnits: 2),
              hoursAgo: 5, payment: .failed, fulfillment: .onHold, sourceStatus: "on-hold"),
        order(3, number: "1102", source: "woo", customer: "王秀英", total: 80, currency: .eur, hoursAgo: 30,
              payment: .pending, fulfillment: .unfulfilled, sourceStatus: "checkout-draft"),
        order(4, number: "SO-2024-00017", source: "erp", customer: "José Müller", total: 2_000, currency: .usd,
              hoursAgo: 24 * 9, payment: .partiallyRefunded, fulfillment: .partiallyFulfilled),
        order(5, number: "ORD-0000005", source: OrderNumber.localSource, customer: "Bob Stone", total: 45, currency: .usd,
              hoursAgo: 24 * 40, payment: .authorized, fulfillment: .fulfilled),
        order(6, number: "#1002", source: "shopify", customer: "Zoë Adams", total: 12, currency: .eur,
              hoursAgo: 24 * 300, payment: .refunded, fulfillment: .returned),
    ]

    static func listModel() async -> OrderListModel {
        let model = OrderListModel(store: InMemoryOrderStore(orders: orders, now: { now }), environment: ScreenFixtures.environment)
        model.load()
        await model.waitForPendingWork()
        return model
    }

    static func renderList(_ model: OrderListModel, size: Size, theme: Theme = .dark) -> TestBackend {
        let backend = TestBackend(size: size)
        var environment = EnvironmentValues()
        environment.theme = theme
        let session = RenderSession(backend: backend, environment: environment)
        model.setPageHeight(OrderListScreen.tableRows(screenHeight: size.height, showsSearchLine: false))
        session.render(OrderListScreen(model: model, databaseName: "shop.db", hints: [.init(key: "q", label: "quit")]))
        return backend
    }

    @Test("80x24, 120x40 and 200x60: number, age, customer, total and the status cell; the date from 120 columns, never cut",
          arguments: [Size(width: 80, height: 24), Size(width: 120, height: 40), Size(width: 200, height: 60)])
    func list(_ size: Size) async {
        let model = await Self.listModel()
        let backend = Self.renderList(model, size: size)
        expectScreenSnapshot(backend, named: "shop-list-\(size.width)x\(size.height)")
        let rows = backend.screenLines[3..<9]
        #expect(rows.allSatisfy { !$0.contains("…") || $0.contains("Søren") }, "only the long customer is cut, if anything")
        if size.width >= 120 {
            #expect(backend.screenLines[8].contains("Nov 25, 2025"), "a date of another year is shown whole")
        }
    }

    @Test("monochrome 80x24: every status is spelled out, the selected row reverse video")
    func monochromeList() async {
        let model = await Self.listModel()
        let backend = Self.renderList(model, size: Size(width: 80, height: 24), theme: .monochrome)
        #expect(Array(backend.screenLines[2..<9]) == [
            "    Number        Age▲ Customer                      Total Payment/Shipping     ",
            "    #1001          30m Ana Lima                    €189.00 Paid/Unsent          ",
            "    1101            5h Søren Kierkegaard-M…   DKK\u{A0}1,450.00 Failed/On hold       ",
            "    1102           30h 王秀英                       €80.00 checkout-draft       ",
            "    SO-2024-00017   9d José Müller               $2,000.00 Part-refund/Part-sent",
            "    ORD-0000005     5w Bob Stone                    $45.00 Authorized/Sent      ",
            "    #1002          9mo Zoë Adams                    €12.00 Refunded/Returned    ",
        ])
        for x in 0..<80 {
            #expect(backend.style(x: x, y: 3).attributes.contains(.reverse), "column \(x)")
            #expect(backend.style(x: x, y: 3).foreground == .default && backend.style(x: x, y: 3).background == .default)
            #expect(!backend.style(x: x, y: 4).attributes.contains(.reverse))
        }
    }

    static func detailModel(_ order: Order) async -> OrderDetailModel {
        let list = OrderListModel(store: InMemoryOrderStore(orders: [order], now: { now }), environment: ScreenFixtures.environment)
        list.load()
        await list.waitForPendingWork()
        let detail = OrderDetailModel(orderID: order.id, list: list)
        detail.load()
        await detail.waitForPendingWork()
        return detail
    }

    @Test("the detail: the number with its source and shop id, payment, fulfilment and the shop's own word",
          arguments: [Size(width: 80, height: 24), Size(width: 120, height: 40), Size(width: 200, height: 60)])
    func detail(_ size: Size) async {
        var order = Self.orders[1]
        order.shopOrderID = "5531"
        let model = await Self.detailModel(order)
        let (backend, _) = OrderDetailScreenRenderTests.render(model, size: size)
        expectScreenSnapshot(backend, named: "shop-detail-\(size.width)x\(size.height)")
        #expect(backend.screenLines[0].hasPrefix("1101  Processing"))
        let screen = backend.screenLines.joined(separator: "\n")
        for text in ["Source     woo, shop id 5531", "Payment    failed", "Fulfilment on hold", "Shop state on-hold"] {
            #expect(screen.contains(text), "\(text)")
        }
    }

    @Test("a cancelled, closed order says when and why it was cancelled, and that it is closed")
    func cancelledDetail() async throws {
        var order = Self.orders[0]
        order.cancelledAt = Self.now.addingTimeInterval(-600)
        order.cancelReason = "customer\u{1B}[2J changed mind"
        order.payment = .voided
        order.isClosed = true
        let model = await Self.detailModel(order)
        let (backend, _) = OrderDetailScreenRenderTests.render(model, size: Size(width: 120, height: 40))
        let screen = backend.screenLines.joined(separator: "\n")
        #expect(backend.screenLines[0].hasPrefix("#1001  Cancelled"))
        #expect(screen.contains("Source     shopify, shop id 820982911946154508"))
        #expect(screen.contains("Payment    voided"))
        // The reason wraps under its label in the narrower right column; its escape is inert.
        #expect(screen.contains("Cancelled  Sep 21, 2026 at 14:03 GMT:"))
        #expect(screen.contains("           customer␛[2J changed mind"))
        #expect(screen.contains("Closed     closed (archived)"))
    }

    /// A Danish customer's order from a shop that reports in euros: two addresses (one street line
    /// holding a line break), a code, a fee, VAT inside the prices, a partial refund of one line,
    /// tracking, high risk, the customer's two-line note, note attributes and a two-line staff note.
    static var fullOrder: Order {
        let dkk = Currency(code: "DKK", minorUnits: 2)
        var order = Order(
            id: OrderID(7), number: "#1042", source: "shopify", shopOrderID: "820982911946154999",
            customerName: "Søren Kierkegaard", email: "soren@example.dk", country: "DK", currency: dkk,
            items: [LineItem(sku: "MUG-1", title: "Mug", quantity: 3, unitPrice: 120),
                    LineItem(sku: "", title: "Gift card", quantity: 1, unitPrice: 500)],
            discount: 50, shipping: 45, tax: Decimal(string: "163.00")!, taxesIncluded: true,
            discountCodes: [DiscountCode(code: "WELCOME10", amount: 50)],
            adjustments: [OrderAdjustment(kind: .fee, label: "Gift wrap", amount: 25)],
            refunds: [Refund(id: "R1", createdAt: now.addingTimeInterval(-1_800), reason: "one mug arrived broken",
                             amount: 130, lines: [RefundLine(line: 0, quantity: 1)], shipping: 10, restock: true)],
            shopCurrency: .eur, shopTotal: Decimal(string: "107.92")!, exchangeRate: Decimal(string: "0.1341")!,
            createdAt: now.addingTimeInterval(-7_200),
            notes: [OrderNote(createdAt: now.addingTimeInterval(-600), author: "ana", text: "Called the customer.\nNew mug sent.")])
        order.payment = .partiallyRefunded
        order.fulfillment = .fulfilled
        order.paidAt = now.addingTimeInterval(-7_000)
        order.fulfilledAt = now.addingTimeInterval(-3_600)
        order.paymentMethod = "card (Visa)"
        order.shippingMethod = "PostNord Parcel"
        order.trackingNumbers = ["00370733741234567890"]
        order.riskLevel = .high
        order.customerNote = "Please ring twice.\nThe bell is broken."
        order.noteAttributes = [NoteAttribute(key: "gift-message", value: "Happy birthday!")]
        order.shippingAddress = PostalAddress(name: "Søren Kierkegaard", lines: ["Nørregade 12, 2. th.", "c/o Regine\nback door"],
                                              city: "København K", postcode: "1165", country: "DK", phone: "+45 12 34 56 78")
        order.billingAddress = PostalAddress(name: "Søren Kierkegaard", company: "Enten-Eller ApS", lines: ["Amagertorv 1"],
                                             city: "København", postcode: "1160", country: "DK")
        return order
    }

    @Test("the whole shop order: addresses, payment and delivery, refund with its line, balance, code, fee, risk, both notes with their line breaks, attributes and the shop's euro amount",
          arguments: [Size(width: 80, height: 24), Size(width: 120, height: 40), Size(width: 200, height: 60)])
    func fullDetail(_ size: Size) async throws {
        let model = await Self.detailModel(Self.fullOrder)
        var tall = size
        tall.height = 90 // the whole column at once, so every section is asserted on one screen
        let (backend, _) = OrderDetailScreenRenderTests.render(model, size: size)
        expectScreenSnapshot(backend, named: "shop-detail-full-\(size.width)x\(size.height)")
        let (whole, _) = OrderDetailScreenRenderTests.render(model, size: tall)
        let screen = whole.screenLines.joined(separator: "\n")
        for text in ["Shipping address", "Billing address", "Nørregade 12, 2. th.", "c/o Regine", "back door",
                     "1165 København K", "+45 12 34 56 78", "Enten-Eller ApS", "1160 København",
                     "Payment and delivery", "Paid       Sep 21, 2026 at 12:16 GMT", "Paid with  card (Visa)",
                     "Fulfilled  Sep 21, 2026 at 13:13 GMT", "Shipping   PostNord Parcel", "Tracking   00370733741234567890",
                     "Refunds", "R1  Sep 21, 2026 at 13:43 GMT  DKK\u{A0}130.00", "  one mug arrived broken",
                     "  1 × MUG-1; shipping DKK\u{A0}10.00; restocked",
                     "Customer's note", "  Please ring twice.", "  The bell is broken.",
                     "Note attributes", "gift-message: Happy birthday!",
                     "Called the customer.", "New mug sent.", "⚠ high risk"] {
            #expect(screen.contains(text), "\(text) at \(size)")
        }
        // The money rows, right-aligned under the line totals: the total with VAT inside, the refund,
        // what is outstanding and the shop's amount in euros.
        let left = whole.screenLines.map {
            $0.split(separator: "│")[0].trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "  +", with: " ", options: .regularExpression)
        }
        let start = try #require(left.firstIndex { $0.hasPrefix("Subtotal") })
        let money = Array(left[start..<min(start + 11, left.count)])
        #expect(money == [
            "Subtotal DKK\u{A0}860.00", "Discount −DKK\u{A0}50.00", "code WELCOME10 −DKK\u{A0}50.00", "Shipping DKK\u{A0}45.00",
            "Gift wrap DKK\u{A0}25.00", "Tax (included) DKK\u{A0}163.00", "Total DKK\u{A0}880.00",
            "Refunded −DKK\u{A0}130.00", "Outstanding DKK\u{A0}750.00", "In EUR €107.92", "",
        ])
    }

    @Test("monochrome: high risk is bold and underlined, so it reads like a flag without colour")
    func monochromeRisk() async throws {
        let model = await Self.detailModel(Self.fullOrder)
        let backend = TestBackend(size: Size(width: 120, height: 40))
        var environment = EnvironmentValues()
        environment.theme = .monochrome
        var state = DetailScroll()
        state.hasTwoColumns = true
        RenderSession(backend: backend, environment: environment).render(
            OrderDetailScreen(model: model, scroll: Binding(get: { state }, set: { state = $0 }), hints: []))
        let row = try #require(backend.screenLines.firstIndex { $0.contains("⚠ high risk") })
        let column = try #require(backend.screenLines[row].range(of: "Risk")).lowerBound
        let x = backend.screenLines[row].distance(from: backend.screenLines[row].startIndex, to: column) + 11
        #expect(backend.style(x: x, y: row).attributes.contains(.bold))
        #expect(backend.style(x: x, y: row).attributes.contains(.underline))
    }

    @Test("the customer's other orders: count, lifetime value in the shop's currency, the latest with their statuses, the one Enter opens marked", arguments: [Size(width: 80, height: 24), Size(width: 120, height: 40)])
    func customerOrders(_ size: Size) async throws {
        var current = Self.fullOrder
        current.customerKey = "cust-søren"
        var earlier = Self.orders[0] // €189, paid, unsent
        earlier.customerKey = "cust-søren"
        var older = Self.orders[5] // €12, refunded in full
        older.customerKey = "cust-søren"
        older.refunds = [Refund(id: "R1", createdAt: Self.now, amount: 12)]
        let list = OrderListModel(store: InMemoryOrderStore(orders: [current, earlier, older, Self.orders[1]], now: { Self.now }),
                                  environment: ScreenFixtures.environment)
        list.load()
        await list.waitForPendingWork()
        let model = OrderDetailModel(orderID: current.id, list: list)
        model.load()
        await model.waitForPendingWork()
        model.moveCustomerOrderSelection(by: 1)
        var state = DetailScroll()
        state.hasTwoColumns = DetailScroll.hasTwoColumns(width: size.width)
        let backend = TestBackend(size: size)
        RenderSession(backend: backend).render(
            OrderDetailScreen(model: model, scroll: Binding(get: { state }, set: { state = $0 }), hints: []))
        expectScreenSnapshot(backend, named: "shop-detail-customer-orders-\(size.width)x\(size.height)")
        let left = backend.screenLines.map { String($0.split(separator: "│")[0].split(separator: "┃")[0]) }
        let title = try #require(left.firstIndex { $0.hasPrefix("Other orders by this customer") })
        // €107.92 (this order, in euros) less its refund at its rate (DKK 130 × 0.1341 = €17.43), €189, and
        // nothing for the refunded one.
        #expect(left[title + 1].trimmingCharacters(in: .whitespaces) == "2 other orders · lifetime value €279.49")
        #expect(left[title + 2].hasPrefix("  #1001  Sep 21, 2026 at 13:43 GMT  €189.00  Paid/Unsent"))
        #expect(left[title + 3].hasPrefix("› #1002  Nov 25, 2025 at 14:13 GMT  €12.00  Refunded/Returned"))
        let selected = left[title + 3]
        #expect(backend.style(x: 2, y: title + 3) == Theme.dark.selection, "\(selected)")
    }
}
