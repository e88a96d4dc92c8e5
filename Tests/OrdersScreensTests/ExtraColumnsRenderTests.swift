import Foundation
import OrdersCore
import OrdersPresentation
@testable import OrdersScreens
import OrdersStorage
import TermRender
import TermRenderTesting
import Testing

/// The chooseable extra columns (assignee, tags, country, source, outstanding) beside the standard
/// ones, as whole screens at 60x15, 80x24 and 200x60, and the rule that gives them the spare width:
/// text columns by weight (customer 3, tags 2, assignee, country and source 1, the short ones
/// capped), numbers never stretched.
@MainActor
@Suite("The list with the extra columns")
struct ExtraColumnsRenderTests {
    static let chosen: [ListColumn] = [.number, .customer, .assignee, .tags, .country, .source, .outstanding, .total, .status]

    static func order(_ id: Int, number: String? = nil, source: String = OrderNumber.localSource, _ customer: String,
                      country: String, price: Decimal, hoursAgo: Double, status: OrderStatus, tags: [String] = [],
                      assignee: String? = nil, refunds: [Refund] = []) -> Order {
        let created = ScreenFixtures.now.addingTimeInterval(-hoursAgo * 3600)
        return Order(id: OrderID(id), number: number, source: source, customerName: customer, email: "c\(id)@example.com",
                     country: country, currency: .eur, items: [LineItem(sku: "SKU-\(id)", title: "Item", quantity: 1, unitPrice: price)],
                     refunds: refunds, createdAt: created, status: status, tags: tags, assignee: assignee)
    }

    /// Newest first: a local order, a Shopify one with €20.00 of its €80.00 refunded (outstanding
    /// €60.00), a WooCommerce one, and one whose assignee, tags and country are wider than their caps.
    static let orders: [Order] = [
        order(101, "Ana Lima", country: "BR", price: 120, hoursAgo: 1, status: .pending, tags: ["vip", "rush"], assignee: "maria"),
        order(102, number: "#1002", source: "shopify", "José Müller", country: "de", price: 80, hoursAgo: 5, status: .processing,
              tags: ["gift"], refunds: [Refund(id: "r1", createdAt: ScreenFixtures.now, amount: 20)]),
        order(103, number: "4711", source: "woocommerce", "Mei Wang", country: "CN", price: 45, hoursAgo: 30, status: .shipped,
              assignee: "ken"),
        order(104, "Noor Haddad", country: "United Arab Emirates", price: 990, hoursAgo: 60, status: .processing,
              tags: ["wholesale", "net-30", "priority", "fragile"], assignee: "a.very.long.operator.name"),
    ]

    static func model() async -> OrderListModel {
        let model = OrderListModel(store: InMemoryOrderStore(orders: orders), environment: ScreenFixtures.environment)
        model.load()
        await model.waitForPendingWork()
        model.setColumns(chosen)
        return model
    }

    static func render(_ model: OrderListModel, width: Int, height: Int) -> TestBackend {
        let backend = TestBackend(size: Size(width: width, height: height))
        let session = RenderSession(backend: backend, environment: EnvironmentValues())
        session.render(OrderListScreen(model: model, databaseName: "shop.db", hints: [.init(key: "q", label: "quit")]))
        return backend
    }

    @Test("whole screens with the extra columns at 60x15, 80x24 and 200x60", arguments: [(60, 15), (80, 24), (200, 60)])
    func screens(_ size: (width: Int, height: Int)) async {
        let model = await Self.model()
        expectScreenSnapshot(Self.render(model, width: size.width, height: size.height),
                             named: "extra-columns-\(size.width)x\(size.height)")
    }

    /// 200 wide, 9 spaces between 10 columns: 191 cells. The fixed ones and the minimums take
    /// marks 3 + number 13 + customer 12 + assignee 10 + tags 10 + country 7 + source 8 +
    /// outstanding 14 + total 14 + status 21 = 112, leaving 79 for the text columns (weights
    /// 3 + 1 + 2 + 1 + 1 = 8). First round: customer 79·3/8 = 29, assignee 79/8 = 9, tags 79·2/8 = 19,
    /// country 9 (to its cap 16), source 8 (to its cap 16); 5 left. Second round (customer,
    /// assignee, tags; weights 6): customer 5·3/6 = 2, assignee at least 1, tags 5·2/6 = 1; 1 left,
    /// to the customer. So customer 44, assignee 20, tags 30, country 16, source 16; the money and
    /// the status keep their widths.
    @Test("at 200 columns the spare width goes to the text columns by weight; numbers keep their widths")
    func spareWidthByWeight() async {
        let model = await Self.model()
        let lines = Self.render(model, width: 200, height: 60).screenLines
        let header = lines.first { $0.contains("Number") } ?? ""
        func cell(_ text: String, _ width: Int, trailing: Bool = false) -> String {
            let pad = String(repeating: " ", count: max(0, width - text.count))
            return trailing ? pad + text : text + pad
        }
        #expect(header == [cell("", 3), cell("Number", 13), cell("Customer", 44), cell("Assignee", 20), cell("Tags", 30),
                           cell("Country", 16), cell("Source", 16), cell("Outstanding", 14, trailing: true),
                           cell("Total", 14, trailing: true), cell("Payment/Shipping", 21)].joined(separator: " "))
        // The refunded order's balance is its total less the refund; the others' is their total.
        let rows = lines.filter { $0.contains("ORD-") || $0.contains("#1002") || $0.contains("4711") }
        #expect(rows.map { $0.dropFirst(4 + 14 + 45).prefix(21 + 31 + 17 + 17).description } == [
            cell("maria", 21) + cell("vip, rush", 31) + cell("BR", 17) + cell("local", 17),
            cell("", 21) + cell("gift", 31) + cell("DE", 17) + cell("shopify", 17),
            cell("ken", 21) + cell("", 31) + cell("CN", 17) + cell("woocommerce", 17),
            cell("a.very.long.operato…", 21) + cell("wholesale, net-30, priority, …", 31) + cell("UNITED ARAB EMI…", 17)
                + cell("local", 17),
        ])
    }

    @Test("narrow terminals drop the extras first: source, country, outstanding, tags, then the assignee")
    func narrowDrops() async {
        let model = await Self.model()
        let shown = { (width: Int) in
            OrderListTable.columnsOnScreen(Self.chosen, dateWidth: model.dateColumnWidth, width: width)
        }
        #expect(shown(200) == Self.chosen)
        #expect(shown(120) == [.number, .customer, .assignee, .tags, .country, .outstanding, .total, .status])
        #expect(shown(80) == [.number, .customer, .assignee, .total, .status])
        #expect(shown(60) == [.number, .customer, .total])
    }
}
