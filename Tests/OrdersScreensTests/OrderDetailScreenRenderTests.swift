import Foundation
import OrdersCore
import OrdersPresentation
@testable import OrdersScreens
import OrdersStorage
import TermRender
import TermRenderTesting
import TerminalText
import Testing

/// The detail screen drawn whole into the in-memory backend at the sizes operators use.
@MainActor
@Suite("Order detail screen rendering")
struct OrderDetailScreenRenderTests {
    static let hints: [KeyHintBar.Hint] = [
        .init(key: "a", label: "advance"), .init(key: "c", label: "cancel"), .init(key: "n", label: "note"),
        .init(key: "j/k", label: "next/prev"), .init(key: "Esc", label: "back"),
    ]

    /// Renders the detail of the fixture order at `size`, returning the backend and the order column's
    /// scroll state written back.
    static func render(_ model: OrderDetailModel, size: Size, scroll: VirtualScrollState = VirtualScrollState(),
                       notes: VirtualScrollState = VirtualScrollState()) -> (TestBackend, VirtualScrollState) {
        var state = DetailScroll()
        state.order = scroll
        state.notes = notes
        state.hasTwoColumns = DetailScroll.hasTwoColumns(width: size.width)
        let backend = TestBackend(size: size)
        let session = RenderSession(backend: backend)
        session.render(OrderDetailScreen(model: model, scroll: Binding(get: { state }, set: { state = $0 }), hints: hints))
        return (backend, state.order)
    }

    /// The detail of `id` over a list of `store` that has loaded, the order loaded too.
    static func loadedDetail(of id: OrderID, in store: InMemoryOrderStore) async -> OrderDetailModel {
        let list = OrderListModel(store: store, environment: ScreenFixtures.environment)
        list.load()
        await list.waitForPendingWork()
        let model = OrderDetailModel(orderID: id, list: list)
        model.load()
        await model.waitForPendingWork()
        return model
    }

    @Test("80x24: one scrolling column, header with position, hints at the bottom")
    func narrow() async throws {
        let model = try await ScreenFixtures.detailModel()
        let (backend, scroll) = Self.render(model, size: Size(width: 80, height: 24))
        expectScreenSnapshot(backend, named: "detail-80x24")
        #expect(backend.screenLines[0].hasPrefix("ORD-0000042  Processing"))
        #expect(backend.screenLines[0].hasSuffix("2 of 3"))
        #expect(backend.screenLines[23].hasPrefix("a advance  c cancel"))
        // Everything does not fit in 24 rows: the column scrolls, with a bar in the last column.
        #expect(scroll.viewportHeight == 21)
        #expect(backend.screenLines[2].hasSuffix("┃"))
    }

    @Test("80x24 scrolled to the bottom shows the last note")
    func narrowScrolledToNotes() async throws {
        let model = try await ScreenFixtures.detailModel()
        let (_, measured) = Self.render(model, size: Size(width: 80, height: 24))
        var bottom = measured
        bottom.scrollToBottom()
        let (backend, _) = Self.render(model, size: Size(width: 80, height: 24), scroll: bottom)
        expectScreenSnapshot(backend, named: "detail-80x24-scrolled")
        #expect(backend.screenLines[22].contains("Address checked by phone."))
    }

    @Test("120x40: two columns, notes on the right")
    func medium() async throws {
        let model = try await ScreenFixtures.detailModel()
        let (backend, _) = Self.render(model, size: Size(width: 120, height: 40))
        expectScreenSnapshot(backend, named: "detail-120x40")
    }

    @Test("200x60: two columns with room to spare")
    func wide() async throws {
        let model = try await ScreenFixtures.detailModel()
        let (backend, _) = Self.render(model, size: Size(width: 200, height: 60))
        expectScreenSnapshot(backend, named: "detail-200x60")
    }

    @Test("250x80 and 80x24 keep every money column right-aligned, CJK titles included")
    func moneyAlignment() async throws {
        let model = try await ScreenFixtures.detailModel()
        for size in [Size(width: 80, height: 24), Size(width: 250, height: 80)] {
            let (backend, _) = Self.render(model, size: size)
            let lines = backend.screenLines
            // Where each amount ends, in display columns (CJK titles are two columns a character);
            // the last occurrence, since a one-unit line shows its price twice.
            func end(of amount: String) throws -> Int {
                let line = try #require(lines.first { $0.contains(amount) }, "no line with \(amount) at \(size)")
                return TerminalText.width(of: line[..<(try #require(line.range(of: amount, options: .backwards)).upperBound)])
            }
            let ends = try ["$258.00", "$49.50", "$119.88", "$466.56"].map(end(of:))
            #expect(Set(ends).count == 1, "amounts end at \(ends) at \(size)")
        }
    }

    @Test("status colours: current status and each allowed next step in its own style")
    func statusStyles() async throws {
        let model = try await ScreenFixtures.detailModel()
        let (backend, _) = Self.render(model, size: Size(width: 120, height: 40))
        let theme = Theme.dark
        let header = backend.screenLines[0]
        let statusColumn = try #require(header.range(of: "Processing")).lowerBound.utf16Offset(in: header)
        #expect(backend.style(x: statusColumn, y: 0) == theme.info)
        let nextRow = try #require(backend.screenLines.firstIndex { $0.contains("Next steps") })
        let line = backend.screenLines[nextRow]
        let shipped = TerminalText.width(of: line[..<(try #require(line.range(of: "Shipped")).lowerBound)])
        let cancelled = TerminalText.width(of: line[..<(try #require(line.range(of: "Cancelled")).lowerBound)])
        #expect(backend.style(x: shipped, y: nextRow) == theme.accent)
        #expect(backend.style(x: cancelled, y: nextRow) == theme.secondaryText)
    }

    @Test("before the order arrives the body says it is loading; a missing order says why")
    func placeholders() async throws {
        let list = OrderListModel(store: InMemoryOrderStore(orders: []), environment: ScreenFixtures.environment)
        let missing = OrderDetailModel(orderID: OrderID(7), list: list)
        let (loadingBackend, _) = Self.render(missing, size: Size(width: 60, height: 6))
        #expect(loadingBackend.screenLines[2].hasPrefix("ORD-0000007 is not available."))
        missing.load()
        let (backend, _) = Self.render(missing, size: Size(width: 60, height: 6))
        #expect(backend.screenLines[2].hasPrefix("Loading ORD-0000007…"))
        await missing.waitForPendingWork()
        let (failed, _) = Self.render(missing, size: Size(width: 60, height: 6))
        #expect(failed.screenLines == [
            "ORD-0000007                                                 ",
            "────────────────────────────────────────────────────────────",
            "Order ORD-0000007 does not exist.                           ",
            "                                                            ",
            "                                                            ",
            "a advance  c cancel  n note  j/k next/prev  Esc back        ",
        ])
        #expect(failed.style(x: 0, y: 2) == Theme.dark.danger)
    }

    @Test("a bare cancelled order: every empty field says so instead of leaving a gap")
    func bareOrder() async throws {
        let order = Order(id: OrderID(9), customerName: "Ana Lima", email: "ana@example.com", country: "GB", currency: .gbp,
                          items: [LineItem(sku: "SKU-9", title: "Item", quantity: 1, unitPrice: 20)],
                          createdAt: ScreenFixtures.now, status: .cancelled)
        let model = await Self.loadedDetail(of: order.id, in: InMemoryOrderStore(orders: [order]))
        let (backend, _) = Self.render(model, size: Size(width: 80, height: 28))
        #expect(backend.screenLines == [
            "ORD-0000009  Cancelled                                                    1 of 1",
            "────────────────────────────────────────────────────────────────────────────────",
            "Source     local                            Status     Cancelled                ",
            "Customer   Ana Lima                         Payment    voided                   ",
            "Email      ana@example.com                  Fulfilment unfulfilled              ",
            "Ships to   GB                               Cancelled  Sep 21, 2026 at 14:13 GMT",
            "Created    Sep 21, 2026 at 14:13 GMT        Next steps none (final)             ",
            "Updated    Sep 21, 2026 at 14:13 GMT        Flag       not flagged              ",
            "                                            Tags       none                     ",
            "                                            Assignee   unassigned               ",
            "                                                                                ",
            "Items                                                                           ",
            "SKU         Title                                 Qty   Unit price    Line total",
            "SKU-9       Item                                    1       £20.00        £20.00",
            "                                                               Subtotal   £20.00",
            "                                                               Discount    £0.00",
            "                                                               Shipping    £0.00",
            "                                                                    Tax    £0.00",
            "                                                                  Total   £20.00",
            "                                                                                ",
            "History                                                                         ",
            "No changes yet                                                                  ",
            "                                                                                ",
            "Notes                                                                           ",
            "No notes                                                                        ",
            "                                                                                ",
            "                                                                                ",
            "a advance  c cancel  n note  j/k next/prev  Esc back                            ",
        ])
        #expect(backend.style(x: 13, y: 0) == Theme.dark.secondaryText)
        #expect(backend.style(x: 55, y: 6) == Theme.dark.placeholder)
        #expect(backend.style(x: 0, y: 21) == Theme.dark.placeholder)
    }

    @Test("the history names each change's door where the name does not say it: an import, a rule, an operator")
    func historyWithDoors() async throws {
        let order = Order(id: OrderID(9), customerName: "Ana Lima", email: "ana@example.com", country: "GB", currency: .gbp,
                          items: [LineItem(sku: "SKU-9", title: "Item", quantity: 1, unitPrice: 20)],
                          createdAt: ScreenFixtures.now)
        let store = InMemoryOrderStore(orders: [order], now: { ScreenFixtures.now })
        try await store.update(order.id, expectedVersion: 1, mutations: [.addTag("gift")], actor: "mia")
        var replaced = order
        replaced.customerName = "Ana Lima Costa"
        try await store.upsert([replaced], actor: "lena", expectedVersions: [order.id: 2], audit: [
            AuditEntry(orderID: order.id, at: ScreenFixtures.now, actor: "rule:10-gb", field: "notes", oldValue: nil, newValue: "UK post"),
        ])
        let model = await Self.loadedDetail(of: order.id, in: store)
        let (backend, _) = Self.render(model, size: Size(width: 80, height: 30))
        let history = try #require(backend.screenLines.firstIndex { $0.hasPrefix("History ") })
        // One line an entry, cut at the edge: the import's door is cut to "via i…" at 80 columns.
        #expect(Array(backend.screenLines[history...(history + 3)]) == [
            "History                                                                         ",
            "Sep 21, 2026 at 14:13 GMT  Tag: — → gift  by mia                                ",
            "Sep 21, 2026 at 14:13 GMT  Order: version 2 → replaced by import  by lena via i…",
            "Sep 21, 2026 at 14:13 GMT  Note: — → UK post  by rule:10-gb                     ",
        ])
    }

    @Test("a long order in two columns: the order column scrolls to its last line and totals")
    func longOrderWide() async throws {
        let items = (1...60).map { LineItem(sku: "SKU-\($0)", title: "Part \($0)", quantity: 1, unitPrice: 1) }
        let order = Order(id: OrderID(5), customerName: "Ana Lima", email: "ana@example.com", country: "GB", currency: .gbp,
                          items: items, createdAt: ScreenFixtures.now)
        let list = OrderListModel(store: InMemoryOrderStore(orders: [order]), environment: ScreenFixtures.environment)
        let model = OrderDetailModel(orderID: order.id, list: list)
        model.load()
        await model.waitForPendingWork()
        let (top, measured) = Self.render(model, size: Size(width: 120, height: 40))
        #expect(top.screenLines.contains { $0.contains("Part 1 ") })
        #expect(!top.screenLines.contains { $0.contains("Part 60 ") })
        var bottom = measured
        bottom.scrollToBottom()
        let (backend, _) = Self.render(model, size: Size(width: 120, height: 40), scroll: bottom)
        let lines = backend.screenLines
        let totalRow = try #require(lines.firstIndex { $0.contains("Total") && $0.contains("£60.00") })
        #expect(lines[totalRow - 5].contains("Part 60 "))
        #expect(lines.contains { $0.hasPrefix("History") })
        #expect(lines.contains { $0.contains("No changes yet") })
    }

    @Test("100,000 notes and a 10 MB note: the detail builds what is on screen, and the long note is cut with a line saying so")
    func boundedNotes() async throws {
        var order = Order(id: OrderID(6), customerName: "Ana Lima", email: "ana@example.com", country: "GB", currency: .gbp,
                          items: [LineItem(sku: "SKU-6", title: "Item", quantity: 1, unitPrice: 1)], createdAt: ScreenFixtures.now)
        order.notes = (1...100_000).map { OrderNote(createdAt: ScreenFixtures.now, author: "ops", text: "note \($0)") }
        order.notes.append(OrderNote(createdAt: ScreenFixtures.now, author: "ops",
                                     text: "line one\nline two " + String(repeating: "x", count: 10_000_000)))
        let list = OrderListModel(store: InMemoryOrderStore(orders: [order]), environment: ScreenFixtures.environment)
        let model = OrderDetailModel(orderID: order.id, list: list)
        model.load()
        await model.waitForPendingWork()
        #expect(model.notes.count == 100_001)
        let last = try #require(model.notes.last)
        #expect(last.text.hasPrefix("line one\nline two xxx"))
        // 10,000,018 characters written, 4,000 shown.
        let notice = "(9996018 more characters; `orders show` prints the whole note)"
        #expect(last.text.hasSuffix("…\n" + notice))
        #expect(last.text.count == DetailNote.shownCharacters + 2 + notice.count)
        var notes = VirtualScrollState()
        notes.scrollToBottom()
        let (backend, _) = Self.render(model, size: Size(width: 120, height: 40), notes: notes)
        #expect(backend.screenLines.contains { $0.contains("(9996018 more characters;") }, "the notice, wrapped in the notes column")
        var middle = VirtualScrollState(firstItem: 50_000, rowInItem: 0)
        middle.scroll(by: 1)
        let (scrolled, _) = Self.render(model, size: Size(width: 120, height: 40), notes: middle)
        #expect(scrolled.screenLines.contains { $0.contains("note 50000") })
    }

    @Test("80 columns: a very long name and email are cut with … and the workflow keeps its place")
    func longCustomer() async throws {
        let order = Order(id: OrderID(8), customerName: "Maximiliane Alexandra von Hohenzollern-Sigmaringen 王秀英",
                          email: "maximiliane.alexandra.hohenzollern@purchasing.example.com", country: "DE", currency: .eur,
                          items: [LineItem(sku: "SKU-8", title: "Item", quantity: 1, unitPrice: 20)],
                          createdAt: ScreenFixtures.now, status: .pending)
        let list = OrderListModel(store: InMemoryOrderStore(orders: [order]), environment: ScreenFixtures.environment)
        let model = OrderDetailModel(orderID: order.id, list: list)
        model.load()
        await model.waitForPendingWork()
        let (backend, _) = Self.render(model, size: Size(width: 80, height: 24))
        let lines = backend.screenLines
        #expect(lines[2].hasPrefix("Source     local                            "))
        #expect(lines[3].hasPrefix("Customer   Maximiliane Alexandra von Hohe…  "))
        #expect(lines[4].hasPrefix("Email      maximiliane.alexandra.hohenzol…  "))
        for row in 2...7 {
            #expect(TerminalText.width(of: lines[row].prefix(44)) == 44, "row \(row): \(lines[row])")
        }
        #expect(lines[2].dropFirst(44).hasPrefix("Status     Pending"))
    }

    @Test("escape sequences and bidi overrides in order data reach the screen as inert placeholders")
    func hostileText() async throws {
        let order = Order(id: OrderID(6), customerName: "Eve\u{1B}[2J\u{1B}]0;pwned\u{07}", email: "eve@\u{202E}moc.elpmaxe",
                          country: "DE", currency: .eur,
                          items: [LineItem(sku: "SKU\u{1B}[31m", title: "Tab\there", quantity: 1, unitPrice: 5)],
                          createdAt: ScreenFixtures.now, tags: ["\u{9B}6n"], notes: [OrderNote(createdAt: ScreenFixtures.now, author: "x\u{1B}", text: "a\u{1B}[1Ab")])
        let list = OrderListModel(store: InMemoryOrderStore(orders: [order]), environment: ScreenFixtures.environment)
        let model = OrderDetailModel(orderID: order.id, list: list)
        model.load()
        await model.waitForPendingWork()
        for size in [Size(width: 80, height: 30), Size(width: 160, height: 30)] {
            let (backend, _) = Self.render(model, size: size)
            for y in 0..<size.height {
                for x in 0..<size.width {
                    let scalars = backend.cell(x: x, y: y).grapheme.unicodeScalars
                    #expect(!scalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) || (0x202A...0x202E).contains($0.value) },
                            "control character at \(x),\(y) at \(size)")
                }
            }
            #expect(backend.screenLines.contains { $0.contains("Eve␛[2J␛]0;pwned␇") })
            #expect(backend.screenLines.contains { $0.contains("a␛[1Ab") })
        }
    }

    @Test("a refused action shows its reason in the danger style above the hints")
    func actionError() async throws {
        let model = try await ScreenFixtures.detailModel()
        model.perform(.refund)
        let message = try #require(model.errorMessage)
        let (backend, scroll) = Self.render(model, size: Size(width: 80, height: 24))
        #expect(backend.screenLines[22].hasPrefix(message))
        #expect(backend.style(x: 0, y: 22) == Theme.dark.danger)
        // The scrolling column gives up the row the error takes.
        #expect(scroll.viewportHeight == 20)
    }

    @Test("layout switches to two columns at 110 columns")
    func layoutThreshold() {
        #expect(DetailLayout(width: 109) == .singleColumn)
        #expect(DetailLayout(width: 110) == .twoColumns)
        #expect(DetailLayout.leftWidth(total: 123, gap: 3) == 72)
        #expect(DetailLayout.leftWidth(total: 250, gap: 3) == 110)
    }

    @Test("a tiny terminal draws without trapping and keeps the header")
    func tiny() async throws {
        let model = try await ScreenFixtures.detailModel()
        for size in [Size(width: 0, height: 0), Size(width: 1, height: 1), Size(width: 12, height: 3)] {
            let (backend, _) = Self.render(model, size: size)
            #expect(backend.screenLines.count == size.height)
        }
        let (backend, _) = Self.render(model, size: Size(width: 12, height: 3))
        #expect(backend.screenLines[0].hasPrefix("ORD-"))
    }
}
