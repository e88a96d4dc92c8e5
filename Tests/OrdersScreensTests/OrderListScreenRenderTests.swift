import Foundation
import OrdersCore
import OrdersPresentation
@testable import OrdersScreens
import OrdersStorage
import TermRender
import Testing

/// The list screen drawn into the in-memory backend, compared line by line.
@MainActor
@Suite("Order list screen rendering")
struct OrderListScreenRenderTests {
    nonisolated static let now = Date(timeIntervalSince1970: 1_790_000_000) // 2026-09-21 14:13:20 UTC

    static func order(_ number: Int, _ customer: String, total: Decimal, currency: Currency, status: OrderStatus, hoursAgo: Double) -> Order {
        Order(id: OrderID(number), customerName: customer, email: "c\(number)@example.com", country: "DE", currency: currency,
              items: [LineItem(sku: "SKU-\(number)", title: "Item", quantity: 1, unitPrice: total)],
              createdAt: now.addingTimeInterval(-hoursAgo * 3600), status: status)
    }

    @Test("header, rows with wide names, status bar and hints, each column aligned")
    func listScreen() async throws {
        let store = InMemoryOrderStore(orders: [
            Self.order(1, "Ana Lima", total: 12.5, currency: .usd, status: .pending, hoursAgo: 3),
            Self.order(2, "王秀英", total: 1200, currency: .jpy, status: .shipped, hoursAgo: 30),
            Self.order(3, "José Müller", total: 99.99, currency: .eur, status: .completed, hoursAgo: 80),
        ])
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let environment = PresentationEnvironment(now: { Self.now }, actor: "tester", locale: Locale(identifier: "en_US"), calendar: calendar)
        let model = OrderListModel(store: store, environment: environment)
        model.load()
        await model.waitForPendingWork()
        let backend = TestBackend(size: Size(width: 100, height: 8))
        let session = RenderSession(backend: backend)
        session.render(OrderListScreen(model: model, databaseName: "test.db",
                                       hints: [.init(key: "q", label: "quit")]))
        #expect(backend.screenLines == [
            "orders test.db                                                                            3/3 orders",
            " All 3   Pending 1   Processing 0   Shipped 1   Completed 1   Closed 0                              ",
            "    Number        Date ▼        Age Customer              Items          Total Payment/Shipping     ",
            "    ORD-0000001   3h ago         3h Ana Lima                  1         $12.50 Unpaid/Unsent        ",
            "    ORD-0000002   yesterday     30h 王秀英                    1         ¥1,200 Paid/Sent            ",
            "    ORD-0000003   Sep 18         3d José Müller               1         €99.99 Paid/Sent            ",
            "                                                                              €99.99  ¥1,200  $12.50",
            "q quit                                                                                              ",
        ])
        // The selection (first row) is a bar of background colour across the whole row, under
        // every cell's own colour (the status keeps its yellow); the next row has none.
        for x in 0..<100 { #expect(backend.style(x: x, y: 3).background == .blue, "column \(x)") }
        #expect(backend.style(x: 79, y: 3) == Style(foreground: .brightYellow, background: .blue))
        #expect(backend.style(x: 38, y: 3) == Style(foreground: .brightWhite, background: .blue))
        #expect((0..<100).allSatisfy { backend.style(x: $0, y: 4).background == .default })
        #expect(!backend.style(x: 0, y: 3).attributes.contains(.reverse))
        // The selected tab is reverse video.
        #expect(backend.style(x: 1, y: 1).attributes.contains(.reverse))
        #expect(!backend.style(x: 10, y: 1).attributes.contains(.reverse))
    }

    @Test("without colour (NO_COLOR, a monochrome terminal) the selected row is reverse video across the row")
    func monochromeSelection() async throws {
        let model = await Self.loadedModel([
            Self.order(1, "Ana Lima", total: 12.5, currency: .usd, status: .pending, hoursAgo: 3),
            Self.order(2, "José Müller", total: 99.99, currency: .eur, status: .completed, hoursAgo: 80),
        ])
        let backend = TestBackend(size: Size(width: 72, height: 7))
        var environment = EnvironmentValues()
        environment.theme = .monochrome
        environment.colorCapability = .none
        let session = RenderSession(backend: backend, environment: environment)
        session.render(OrderListScreen(model: model, databaseName: "test.db",
                                       hints: [.init(key: "q", label: "quit")]))
        #expect(backend.screenLines[3] == "    ORD-0000001     3h Ana Lima             $12.50 Unpaid/Unsent        ")
        for x in 0..<72 {
            #expect(backend.style(x: x, y: 3).attributes.contains(.reverse), "column \(x)")
            #expect(backend.style(x: x, y: 3).foreground == .default && backend.style(x: x, y: 3).background == .default)
            #expect(!backend.style(x: x, y: 4).attributes.contains(.reverse))
        }
    }

    static func loadedModel(_ orders: [Order]) async -> OrderListModel {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let environment = PresentationEnvironment(now: { Self.now }, actor: "tester", locale: Locale(identifier: "en_US"), calendar: calendar)
        let model = OrderListModel(store: InMemoryOrderStore(orders: orders), environment: environment)
        model.load()
        await model.waitForPendingWork()
        return model
    }

    @Test("search line, highlighted match, flag and mark columns, and a query error; narrow drops low-priority columns")
    func searchMarksAndNarrow() async throws {
        var flagged = Self.order(2, "Zoë Wang", total: 5, currency: .eur, status: .pending, hoursAgo: 5)
        flagged.flagged = true
        let model = await Self.loadedModel([
            Self.order(1, "Ana Wang", total: 12.5, currency: .usd, status: .pending, hoursAgo: 3), flagged,
            Self.order(3, "José Müller", total: 99.99, currency: .eur, status: .completed, hoursAgo: 80),
        ])
        model.searchTextChanged("wang")
        model.toggleMark()
        let backend = TestBackend(size: Size(width: 60, height: 8))
        let session = RenderSession(backend: backend)
        func draw() {
            session.render(OrderListScreen(model: model, databaseName: "t.db",
                                           hints: [.init(key: "q", label: "quit")],
                                           search: SearchFieldDisplay(text: model.searchText, cursor: 4, isFocused: true),
                                           glyphs: .ascii))
        }
        draw()
        #expect(backend.screenLines == [
            "orders t.db                                       2/3 orders",
            " All 2   Pend 2   Proc 0   Ship 0   Done 0   Closed 0       ",
            "/ wang                                                      ",
            "    Number        Customer                             Total",
            " *  ORD-0000001   Ana Wang                            $12.50",
            "!   ORD-0000002   Zoë Wang                             €5.00",
            "                                     1 marked  €5.00  $12.50",
            "q quit                                                      ",
        ])
        // "Wang" in the customer is underlined: the match shows without colour.
        #expect(backend.style(x: 22, y: 4).attributes.contains(.underline))
        #expect(!backend.style(x: 18, y: 4).attributes.contains(.underline))
        model.searchTextChanged("total>")
        draw()
        // The malformed query is reported beside the field and the last good result stays.
        #expect(backend.screenLines[2].hasPrefix("/ total> "))
        #expect(backend.screenLines[2].contains("⚠ total>"))
        #expect(backend.screenLines[4].contains("ORD-0000001"))
        #expect(backend.screenLines[5].contains("ORD-0000002"))
    }

    @Test("status messages and query errors built from typed or stored text show escapes as the cells do")
    func messagesAreNeutralised() async throws {
        let model = await Self.loadedModel([
            Self.order(1, "Ana\u{1B}]0;x\u{07}", total: 12.5, currency: .usd, status: .pending, hoursAgo: 3),
        ])
        model.perform(.addTag("vip\u{1B}[31m\u{202E}"))
        let backend = TestBackend(size: Size(width: 60, height: 8))
        let session = RenderSession(backend: backend)
        session.render(OrderListScreen(model: model, databaseName: "t.db",
                                       hints: [.init(key: "q", label: "quit")]))
        #expect(backend.screenLines[3] == "    ORD-0000001   Ana␛]0;x␇                           $12.50")
        #expect(backend.screenLines[6].hasPrefix("tag vip␛[31m\u{FFFD}: ORD-0000001"))
        model.searchTextChanged("country:\u{1B}[2J")
        session.render(OrderListScreen(model: model, databaseName: "t.db",
                                       hints: [.init(key: "q", label: "quit")],
                                       search: SearchFieldDisplay(text: model.searchText, cursor: 0, isFocused: true)))
        #expect(backend.screenLines[2].contains("⚠ a country is a two-letter code such as DE, not \"␛[2J\""))
        for y in 0..<8 {
            for x in 0..<60 {
                #expect(backend.cell(x: x, y: y).grapheme.unicodeScalars.allSatisfy { TerminalTextProbe.isInert($0) })
            }
        }
    }
}

/// The rule's own placeholders and nothing it would neutralise.
enum TerminalTextProbe {
    static func isInert(_ scalar: Unicode.Scalar) -> Bool {
        !(scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || [0x061C, 0x200E, 0x200F].contains(scalar.value)
          || (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value))
    }
}
