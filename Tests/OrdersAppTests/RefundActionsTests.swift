import Foundation
import OrdersApp
import OrdersCore
import OrdersPresentation
import OrdersScreens
import Testing

/// A partial refund from the detail, which holds the whole order: `$` (or `:refund`) asks with the
/// amount, its currency and what stays outstanding; yes writes one refund record through the order's
/// rules, audited; undo takes back exactly that refund and the payment; refusals show as the detail's error.
@Suite("Shell: refunds on the detail")
@MainActor
struct RefundActionsTests {
    /// Order 2 (processing: paid, 1,500.00 USD, flagged) opened from the list.
    static func openOrder2(_ store: ShellStore) async {
        await store.send(.list(.down)) { $0.list.selected = 2 }
        await store.send(.list(.open), effects: [.openOrder(OrderID(2))]) {
            $0.routes = [.list, .detail(OrderID(2))]
            $0.detail = OrderID(2)
        }
    }

    /// Types `:refund ARGUMENTS` through `$` and runs it.
    static func askToRefund(_ store: ShellStore, _ arguments: String,
                            _ update: (inout ShellState) -> Void) async {
        await store.send(.detail(.refundAmount)) {
            $0.modal = .commandPalette(cursor: 8)
            $0.paletteText = ":refund "
        }
        await store.type(arguments) {
            $0.modal = .commandPalette(cursor: 8 + arguments.count)
            $0.paletteText = ":refund " + arguments
        }
        await store.send(.palette(.run)) {
            $0.paletteText = ""
            $0.paletteSuggestion = 0
            $0.modal = nil
            update(&$0)
        }
    }

    static let refund100 = Refund(id: "R1", createdAt: AppFixtures.now, reason: "damaged", amount: 100)

    static let confirm100 = PendingConfirmation(
        request: ConfirmationRequest(title: "Refund 100.00 USD on ORD-0000002?",
                                     message: "Outstanding after the refund: 1400.00 USD of 1500.00 USD.",
                                     confirmLabel: "Refund 100.00 USD"),
        action: .giveBack(refund100), targets: [OrderID(2)], advanceFrom: nil, seenVersions: [OrderID(2): 1])

    static func money(_ store: ShellStore) -> [String] {
        store.coordinator.detail?.moneyRows.map { "\($0.label) \($0.amount)" } ?? []
    }

    @Test("refund part on the detail: asked with amount, currency and outstanding; recorded, shown, audited; undo takes back exactly it; redo again")
    func refundUndoRedo() async throws {
        let store = await ShellStore.start()
        await Self.openOrder2(store)
        await Self.askToRefund(store, "100 damaged") { $0.modal = .confirm(Self.confirm100) }
        // Asking wrote nothing.
        #expect(try await store.store.order(OrderID(2))?.refunds == [])
        await store.send(.confirm(.yes)) {
            $0.modal = nil
            $0.orders[1] = "2 processing pay:partially_refunded refunds:R1=100.00 F"
        }
        #expect(Self.money(store).suffix(2) == ["Refunded −$100.00", "Outstanding $1,400.00"])
        #expect(store.coordinator.detail?.refunds.count == 1)

        await store.send(.detail(.order(.undo)), effects: [.reloadDetail]) { $0.orders[1] = "2 processing F" }
        #expect(Self.money(store).last == "Total $1,500.00")
        #expect(store.coordinator.detail?.refunds == [])

        await store.send(.detail(.order(.redo)), effects: [.reloadDetail]) {
            $0.orders[1] = "2 processing pay:partially_refunded refunds:R1=100.00 F"
        }
        let history = try await store.store.history(of: OrderID(2))
        #expect(history.map { "\($0.actor) \($0.field) \($0.oldValue ?? "-") → \($0.newValue ?? "-")" } == [
            "mia refunds - → R1 100.00 USD (damaged)",
            "mia payment paid → partially_refunded",
            "mia undo - → version 2",
            "mia refunds R1 100.00 USD (damaged) → -",
            "mia payment partially_refunded → paid (undo)",
            "mia refunds - → R1 100.00 USD (damaged)",
            "mia payment paid → partially_refunded",
        ])
    }

    @Test("refund all: the outstanding balance as one record; the payment becomes refunded and the order leaves the workflow")
    func refundAll() async throws {
        let store = await ShellStore.start()
        await Self.openOrder2(store)
        let refund = Refund(id: "R1", createdAt: AppFixtures.now, amount: 1500)
        await Self.askToRefund(store, "all") {
            $0.modal = .confirm(PendingConfirmation(
                request: ConfirmationRequest(title: "Refund 1500.00 USD on ORD-0000002?",
                                             message: "Outstanding after the refund: 0.00 USD of 1500.00 USD.",
                                             confirmLabel: "Refund 1500.00 USD"),
                action: .giveBack(refund), targets: [OrderID(2)], advanceFrom: nil, seenVersions: [OrderID(2): 1]))
        }
        await store.send(.confirm(.yes)) {
            $0.modal = nil
            $0.orders[1] = "2 refunded refunds:R1=1500.00 F"
        }
    }

    @Test("refusals are the order's own rules, shown as the detail's error, nothing asked or written",
          arguments: [
            ("2000", "refund: 2000.00 USD is more than was paid and not yet given back (1500.00 of 1500.00 USD)"),
            ("1.005", "refund: has more decimals than USD allows"),
            ("0", "refund: the amount is zero"),
            ("99999999999999999", "refund: " + MoneyLimits.tooLarge(Decimal(string: "99999999999999999") ?? 0)),
          ])
    func refusals(_ amount: String, _ message: String) async throws {
        let store = await ShellStore.start()
        await Self.openOrder2(store)
        await Self.askToRefund(store, amount) { $0.detailError = message }
        #expect(try await store.store.history(of: OrderID(2)) == [])
    }

    @Test("an unpaid order cannot be refunded: the payment's table says why")
    func unpaid() async {
        let store = await ShellStore.start()
        await ShellCommandTests.openOrder1(store)
        await Self.askToRefund(store, "10") {
            $0.detailError = "refund: its payment is pending: only money that was paid can be given back"
        }
    }

    @Test("on the list :refund only says where to go; the list's rows hold no refunds")
    func onTheList() async {
        let store = await ShellStore.start()
        await ShellCommandTests.openPalette(store, typing: ":refund 10", suggestion: nil)
        await store.send(.palette(.run), effects: [ShellCommandTests.notice]) {
            $0.modal = nil
            $0.paletteText = ""
            $0.paletteSuggestion = 0
            $0.notice = "Open the order (Enter) to refund it"
        }
    }

    @Test(":refund parses an amount or all, and a reason kept as typed")
    func parsing() throws {
        #expect(try PaletteCommand.parse(":refund 12.50 arrived  late") == .refund(amount: Decimal(string: "12.50"), reason: "arrived  late"))
        #expect(try PaletteCommand.parse(":refund ALL") == .refund(amount: nil, reason: nil))
        #expect(throws: PaletteError(":refund takes an amount such as 12.50, all, or lines; got \"12,50\"")) {
            try PaletteCommand.parse(":refund 12,50")
        }
        #expect(throws: PaletteError(":refund needs an amount such as 12.50, all, or lines")) { try PaletteCommand.parse(":refund") }
    }
}
