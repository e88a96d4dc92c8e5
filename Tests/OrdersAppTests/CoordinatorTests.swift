import Foundation
import OrdersApp
import OrdersCore
import OrdersScreens
import TermRender
import Testing

/// The coordinator's navigation rules that no single key shows: deep links, palette
/// commands, bulk confirmation, which keymap contexts are active, and the shell's
/// tracking of the effects it runs.
@Suite("App coordinator and shell")
@MainActor
struct CoordinatorTests {
    nonisolated static let links: [(String, [AppEffect], [Route], Modal?)] = [
        ("orders://order/ORD-0000002", [.openNamedOrder(OrderReference(number: "ORD-0000002"))], [.list, .detail(OrderID(2))], nil),
        ("ORDERS://order/ord-0000005/", [.openNamedOrder(OrderReference(number: "ord-0000005"))], [.list, .detail(OrderID(5))], nil),
        ("ORD-0000007", [.openNamedOrder(OrderReference(number: "ORD-0000007"))], [.list, .detail(OrderID(7))], nil),
        ("local:ORD-0000003", [.openNamedOrder(OrderReference(source: "local", number: "ORD-0000003"))], [.list, .detail(OrderID(3))], nil),
        ("orders://order/local:ORD-0000004", [.openNamedOrder(OrderReference(source: "local", number: "ORD-0000004"))],
         [.list, .detail(OrderID(4))], nil),
        ("shopify:ORD-0000004", [.openNamedOrder(OrderReference(source: "shopify", number: "ORD-0000004"))], [.list],
         .error("Order shopify:ORD-0000004 does not exist.")),
        ("orders://order/ORD-0000099", [.openNamedOrder(OrderReference(number: "ORD-0000099"))], [.list], .error("Order ORD-0000099 does not exist.")),
        ("https://example.com/ORD-0000002", [], [.list], .error("Not an order link: https://example.com/ORD-0000002")),
        ("orders://customer/12", [], [.list], .error("Not an order link: orders://customer/12")),
    ]

    @Test("orders:// links resolve like --open: an effect looks the order up", arguments: links)
    func links(_ link: String, _ effects: [AppEffect], _ routes: [Route], _ modal: Modal?) async {
        let store = await ShellStore.start()
        #expect(store.coordinator.handleDeepLink(link) == effects)
        store.shell.perform(effects)
        await store.shell.waitForPendingWork()
        #expect(store.coordinator.routes == routes)
        #expect(store.coordinator.modal == modal)
    }

    @Test("--open starts on the order's detail with the list behind it; back returns to it, selected")
    func startOpening() async {
        let store = await ShellStore.start(opening: OrderReference(number: "ORD-0000003"))
        var expected = await store.state
        #expect(expected.routes == [.list, .detail(OrderID(3))])
        #expect(expected.detail == OrderID(3))
        #expect(expected.list.selected == 3)
        await store.send(.detail(.back)) {
            $0.routes = [.list]
            $0.detail = nil
        }
        expected = await store.state
        #expect(expected.list.selected == 3)
    }

    @Test("a number two sources share is refused with both named; SOURCE:NUMBER opens the one meant")
    func ambiguousNumber() async {
        var local = AppFixtures.order(8, customer: "Ida Berg", total: 10, hoursAgo: 1, status: .pending)
        local.number = "#1001"
        var shop = AppFixtures.order(9, customer: "Kai Lund", total: 20, hoursAgo: 1, status: .pending)
        shop.number = "#1001"
        shop.source = "shopify"
        let store = await ShellStore.start(orders: AppFixtures.sample + [local, shop])
        let effects = store.coordinator.handleDeepLink("#1001")
        #expect(effects == [.openNamedOrder(OrderReference(number: "#1001"))])
        store.shell.perform(effects)
        await store.shell.waitForPendingWork()
        #expect(store.coordinator.routes == [.list])
        #expect(store.coordinator.modal
            == .error("Order #1001 is ambiguous: it is local:#1001, shopify:#1001; name one as SOURCE:NUMBER."))
        store.coordinator.dismissModal()
        let named = store.coordinator.handleDeepLink("orders://order/shopify:%231001")
        #expect(named == [.openNamedOrder(OrderReference(source: "shopify", number: "#1001"))])
        store.shell.perform(named)
        await store.shell.waitForPendingWork()
        #expect(store.coordinator.routes == [.list, .detail(OrderID(9))])
        #expect(store.coordinator.modal == nil)
        #expect(store.coordinator.detail?.numberText == "#1001")
    }

    @Test("which keymap contexts are active: a modal alone; else the search field or the screen, then global")
    func keymapContexts() async {
        let store = await ShellStore.start()
        let coordinator = store.coordinator
        #expect(coordinator.keymapContexts == [.list, .global])
        await store.send(.list(.search)) { $0.focus = .searchField(cursor: 0) }
        #expect(coordinator.keymapContexts == [.search, .global])
        await store.send(.global(.help)) { $0.modal = .help(filter: TextFieldState()) }
        #expect(coordinator.keymapContexts == [.help])
        #expect(coordinator.screenKeymapContexts == [.search, .global], "the footer under the modal")
        await store.send(.help(.close)) { $0.modal = nil }
        await store.send(.search(.keep)) { $0.focus = .screen }
        await store.send(.list(.open), effects: [.openOrder(OrderID(5))]) {
            $0.routes = [.list, .detail(OrderID(5))]
            $0.detail = OrderID(5)
        }
        #expect(coordinator.keymapContexts == [.detail, .global])
    }

    @Test("bulk actions over the threshold ask first, and closing the dialog means no")
    func bulkConfirmation() async {
        let store = await ShellStore.start()
        await store.send(.list(.markAll)) { $0.list.marked = [1, 2, 3, 4, 5, 6, 7] }
        let request = ConfirmationRequest(title: "Flag 7 orders?", message: "This changes 7 orders.",
                                          confirmLabel: "Flag 7 orders")
        await store.send(.list(.order(.flag))) {
            $0.modal = .confirm(PendingConfirmation(request: request, action: .flag,
                                                    targets: (1...7).map(OrderID.init), advanceFrom: nil,
                                                    seenVersions: Dictionary(uniqueKeysWithValues: (1...7).map { (OrderID($0), 1) })))
        }
        await store.send(.confirm(.no)) { $0.modal = nil }
        await store.send(.list(.order(.flag))) {
            $0.modal = .confirm(PendingConfirmation(request: request, action: .flag,
                                                    targets: (1...7).map(OrderID.init), advanceFrom: nil,
                                                    seenVersions: Dictionary(uniqueKeysWithValues: (1...7).map { (OrderID($0), 1) })))
        }
        await store.send(.confirm(.yes)) {
            $0.modal = nil
            $0.orders = ["1 pending vip F", "2 processing F", "3 shipped F", "4 completed wholesale F", "5 cancelled F",
                         "6 refunded F", "7 pending @mia F"]
        }
    }

    @Test("palette commands: filter, sort, tag, assign, status, export, theme, quit")
    func paletteCommands() async throws {
        let store = await ShellStore.start()
        let coordinator = store.coordinator
        #expect(coordinator.execute(.filter("status:pending")) == [])
        #expect(coordinator.list.visibleIDs == [OrderID(1), OrderID(7)])
        #expect(coordinator.execute(.sort(OrderSort(.id, ascending: false))) == [])
        #expect(coordinator.list.visibleIDs == [OrderID(7), OrderID(1)])
        #expect(coordinator.execute(.sort(OrderSort(.customer))) == [])
        #expect(coordinator.list.sort == OrderSort(.customer, ascending: true))
        #expect(coordinator.execute(.tag("urgent")) == [])
        #expect(coordinator.execute(.assign("me")) == [])
        await store.shell.waitForPendingWork()
        let selected = try #require(coordinator.list.selectedOrderID)
        #expect(coordinator.list.selectedOrderID == selected, "palette actions do not move the selection")
        let order = try await store.store.order(selected)
        #expect(order?.tags.contains("urgent") == true)
        #expect(order?.assignee == "mia")
        #expect(coordinator.execute(.status(.cancelled)) == [])
        if case .confirm = coordinator.modal {} else { Issue.record("cancelling asks first") }
        coordinator.dismissModal()
        let path = store.exportDirectory.appendingPathComponent("shown.csv").path
        let export = coordinator.execute(.export(path))
        #expect(export == [.export(path: path, query: coordinator.list.query, marked: []),
                           .expireNotice(after: .seconds(4))])
        #expect(coordinator.execute(.theme("light")) == [.switchTheme("light")])
        #expect(coordinator.execute(.quit) == [.quit(0)])
    }

    @Test("the shell tracks the effects it runs: export and copy finish before waitForPendingWork returns")
    func effectsAreTracked() async throws {
        let store = await ShellStore.start()
        let path = store.exportDirectory.appendingPathComponent("marked.csv").path
        await store.send(.list(.mark)) {
            $0.list.marked = [5]
            $0.list.selected = 2
        }
        let query = store.coordinator.list.query
        await store.send(.global(.palette)) {
            $0.modal = .commandPalette(cursor: 0)
            $0.paletteSuggestion = 0
        }
        await store.type(":export \(path)") {
            $0.modal = .commandPalette(cursor: 8 + path.count)
            $0.paletteText = ":export \(path)"
            $0.paletteSuggestion = nil
        }
        await store.send(.palette(.run), effects: [.export(path: path, query: query, marked: [OrderID(5)]),
                                                   .expireNotice(after: .seconds(4))]) {
            $0.modal = nil
            $0.paletteText = ""
            $0.paletteSuggestion = 0
            $0.notice = "Exported 1 marked orders to \(path)"
        }
        let written = try String(contentsOfFile: path, encoding: .utf8)
        #expect(written == """
            id,source,shop_id,created_at,updated_at,customer_name,customer_email,customer_phone,customer_key,country,\
            shipping_address_name,shipping_address_company,shipping_address_lines,shipping_address_city,\
            shipping_address_postcode,shipping_address_region,shipping_address_country,shipping_address_phone,\
            billing_address_name,billing_address_company,billing_address_lines,billing_address_city,\
            billing_address_postcode,billing_address_region,billing_address_country,billing_address_phone,\
            shipping_method,tracking_numbers,payment_method,currency,status,payment_status,paid_at,fulfillment_status,\
            fulfilled_at,source_status,cancelled_at,cancel_reason,closed,sku,title,quantity,unit_price,line_total,fulfilled_quantity,subtotal,discount,\
            discount_codes,adjustments,shipping,tax,taxes_included,total,stated_total,refunded,outstanding,shop_currency,\
            shop_total,exchange_rate,refunds,tags,flagged,risk,assignee,customer_note,note_attributes,notes,version\r
            ORD-0000005,local,,2026-09-21T13:43:20.000Z,2026-09-21T13:43:20.000Z,Zoë Adams,customer5@example.com,,,DE,\
            ,,,,,,,,,,,,,,,,,,,USD,cancelled,voided,,unfulfilled,,,2026-09-21T13:43:20.000Z,,false,SKU-5,Desk lamp,1,999.99,999.99,0,\
            999.99,0.00,,,0.00,0.00,false,999.99,,0.00,999.99,USD,999.99,,,,false,,,,,,1\r

            """)

        await store.send(.list(.order(.copy)), effects: [.copyAsCSV([OrderID(5)])]) {
            $0.notice = "Copied 1 marked orders as CSV"
        }
        let sent = try #require(store.terminal.sent.first)
        #expect(sent.hasPrefix("\u{1B}]52;c;") && sent.hasSuffix("\u{07}"))
        #expect(store.terminal.sent.count == 1)
    }
}
