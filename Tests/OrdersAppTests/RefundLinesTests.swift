import Foundation
import OrdersApp
import OrdersCore
import OrdersPresentation
import OrdersScreens
import Testing

/// A refund of chosen lines from the detail (`%` or `:refund lines [REASON]`): the line chooser offers
/// each line with units not yet returned, preset to none, plus the shipping not yet given back and
/// restock; Enter checks the refund by the order's rules and asks, naming the amount, its currency,
/// what comes back and what stays outstanding; yes writes one refund record, audited; undo takes back
/// exactly it and the payment; redo gives it again. Refusals stay in the dialog.
@Suite("Shell: refunds of chosen lines on the detail")
@MainActor
struct RefundLinesTests {
    /// Order 2 as two lines (2 × LAMP-2 at 700.00, 1 × CABLE-2 at 100.00) with 10.00 of shipping: 1,510.00 USD, paid.
    static var shippedOrder2: Order {
        var order = AppFixtures.sample[1]
        order.items = [LineItem(sku: "LAMP-2", title: "Desk lamp", quantity: 2, unitPrice: 700),
                       LineItem(sku: "CABLE-2", title: "Cable", quantity: 1, unitPrice: 100)]
        order.shipping = 10
        return order
    }

    static var sampleWithShipping: [Order] {
        var orders = AppFixtures.sample
        orders[1] = shippedOrder2
        return orders
    }

    /// Order 2 opened, `%` pressed: the chooser with both lines at none.
    static func openChooser(_ store: ShellStore) async -> LineChooser {
        await RefundActionsTests.openOrder2(store)
        let chooser = ShellCommandTests.refundChooser(shippedOrder2)
        #expect(chooser.choices == [
            LineChoice(line: 0, name: "LAMP-2", title: "Desk lamp", limit: 2, quantity: 0),
            LineChoice(line: 1, name: "CABLE-2", title: "Cable", limit: 1, quantity: 0),
        ])
        await store.send(.detail(.refundLines)) { $0.modal = .lineChooser(LineChooserDraft(chooser: chooser)) }
        return chooser
    }

    static let refund = Refund(id: "R1", createdAt: AppFixtures.now, reason: "arrived broken", amount: 710,
                               lines: [RefundLine(line: 0, quantity: 1)], shipping: 10, restock: true)

    static let confirmation = PendingConfirmation(
        request: ConfirmationRequest(
            title: "Refund 710.00 USD on ORD-0000002?",
            message: "Gives back 1 × LAMP-2, shipping 10.00 USD, restocked. Outstanding after the refund: 800.00 USD of 1510.00 USD.",
            confirmLabel: "Refund 710.00 USD"),
        action: .giveBack(refund), targets: [OrderID(2)], advanceFrom: nil, seenVersions: [OrderID(2): 1])

    @Test("one unit of one line with shipping, restock and a reason: asked, recorded, shown, audited; undo takes back exactly it; redo again")
    func refundUndoRedo() async throws {
        let store = await ShellStore.start(orders: Self.sampleWithShipping)
        var chooser = await Self.openChooser(store)
        chooser.increase()
        await store.send(.chooser(.more)) { $0.modal = .lineChooser(LineChooserDraft(chooser: chooser)) }
        #expect(chooser.summaryText == "1 unit of 1 line chosen: 700.00 USD")
        chooser.toggleShipping()
        await store.send(.chooser(.shipping)) { $0.modal = .lineChooser(LineChooserDraft(chooser: chooser)) }
        chooser.toggleRestock()
        await store.send(.chooser(.restock)) { $0.modal = .lineChooser(LineChooserDraft(chooser: chooser)) }
        #expect(chooser.summaryText == "1 unit of 1 line chosen: 710.00 USD")
        #expect(chooser.optionsText == "Shipping 10.00 USD: refunded   Restock: yes")
        await store.type("arrived broken") { $0.modal = .lineChooser(LineChooserDraft(chooser: chooser, text: "arrived broken")) }
        await store.send(.chooser(.confirm)) { $0.modal = .confirm(Self.confirmation) }
        #expect(try await store.store.order(OrderID(2))?.refunds == [], "asking wrote nothing")

        await store.send(.confirm(.yes)) {
            $0.modal = nil
            $0.orders[1] = "2 processing pay:partially_refunded refunds:R1=710.00:1×#1+ship 10.00+restock F"
        }
        #expect(RefundActionsTests.money(store).suffix(2) == ["Refunded −$710.00", "Outstanding $800.00"])
        #expect(try await store.store.order(OrderID(2))?.refunds == [Self.refund])

        await store.send(.detail(.order(.undo)), effects: [.reloadDetail]) { $0.orders[1] = "2 processing F" }
        #expect(try await store.store.order(OrderID(2))?.refunds == [])
        #expect(try await store.store.order(OrderID(2))?.payment == .paid)
        await store.send(.detail(.order(.redo)), effects: [.reloadDetail]) {
            $0.orders[1] = "2 processing pay:partially_refunded refunds:R1=710.00:1×#1+ship 10.00+restock F"
        }
        let history = try await store.store.history(of: OrderID(2))
        #expect(history.map { "\($0.actor) \($0.field) \($0.oldValue ?? "-") → \($0.newValue ?? "-")" } == [
            "mia refunds - → R1 710.00 USD: 1 × line 1, shipping 10.00, restocked (arrived broken)",
            "mia payment paid → partially_refunded",
            "mia undo - → version 2",
            "mia refunds R1 710.00 USD: 1 × line 1, shipping 10.00, restocked (arrived broken) → -",
            "mia payment partially_refunded → paid (undo)",
            "mia refunds - → R1 710.00 USD: 1 × line 1, shipping 10.00, restocked (arrived broken)",
            "mia payment paid → partially_refunded",
        ])

        // The next refund offers what is left: one lamp, the cable, and no shipping.
        let next = ShellCommandTests.refundChooser(try #require(try await store.store.order(OrderID(2))))
        #expect(next.choices.map(\.limit) == [1, 1])
        #expect(next.optionsText == "No shipping left to refund   Restock: no")
        await store.send(.detail(.refundLines)) { $0.modal = .lineChooser(LineChooserDraft(chooser: next)) }
    }

    @Test("the order's rules refuse in the dialog, which stays with the choices; nothing is asked or written")
    func refusalsStayInTheDialog() async throws {
        let store = await ShellStore.start(orders: Self.sampleWithShipping)
        var chooser = await Self.openChooser(store)
        await store.send(.chooser(.confirm)) {
            $0.modal = .lineChooser(LineChooserDraft(chooser: chooser, refusal: "the amount is zero"))
        }
        // Typing clears the refusal.
        await store.type("x") { $0.modal = .lineChooser(LineChooserDraft(chooser: chooser, text: "x")) }
        chooser.toggleSkip()
        await store.send(.chooser(.skip)) { $0.modal = .lineChooser(LineChooserDraft(chooser: chooser, text: "x")) }
        await store.send(.chooser(.confirm)) {
            $0.modal = .confirm(PendingConfirmation(
                request: ConfirmationRequest(
                    title: "Refund 1400.00 USD on ORD-0000002?",
                    message: "Gives back 2 × LAMP-2. Outstanding after the refund: 110.00 USD of 1510.00 USD.",
                    confirmLabel: "Refund 1400.00 USD"),
                action: .giveBack(Refund(id: "R1", createdAt: AppFixtures.now, reason: "x", amount: 1400,
                                         lines: [RefundLine(line: 0, quantity: 2)])),
                targets: [OrderID(2)], advanceFrom: nil, seenVersions: [OrderID(2): 1]))
        }
        await store.send(.confirm(.no)) { $0.modal = nil }
        #expect(try await store.store.history(of: OrderID(2)) == [])
    }

    @Test("more than is outstanding is refused in the dialog with the order's words")
    func overRefund() async throws {
        let store = await ShellStore.start(orders: Self.sampleWithShipping)
        await RefundActionsTests.openOrder2(store)
        await RefundActionsTests.askToRefund(store, "1000") {
            $0.modal = .confirm(PendingConfirmation(
                request: ConfirmationRequest(title: "Refund 1000.00 USD on ORD-0000002?",
                                             message: "Outstanding after the refund: 510.00 USD of 1510.00 USD.",
                                             confirmLabel: "Refund 1000.00 USD"),
                action: .giveBack(Refund(id: "R1", createdAt: AppFixtures.now, amount: 1000)), targets: [OrderID(2)],
                advanceFrom: nil, seenVersions: [OrderID(2): 1]))
        }
        await store.send(.confirm(.yes)) {
            $0.modal = nil
            $0.orders[1] = "2 processing pay:partially_refunded refunds:R1=1000.00 F"
        }
        var chooser = ShellCommandTests.refundChooser(try #require(try await store.store.order(OrderID(2))))
        await store.send(.detail(.refundLines)) { $0.modal = .lineChooser(LineChooserDraft(chooser: chooser)) }
        chooser.toggleSkip()
        await store.send(.chooser(.skip)) { $0.modal = .lineChooser(LineChooserDraft(chooser: chooser)) }
        await store.send(.chooser(.confirm)) {
            $0.modal = .lineChooser(LineChooserDraft(
                chooser: chooser, refusal: "1400.00 USD is more than was paid and not yet given back (510.00 of 1510.00 USD)"))
        }
    }

    @Test("an unpaid order offers nothing: the payment's table says why on the detail")
    func unpaid() async {
        let store = await ShellStore.start()
        await ShellCommandTests.openOrder1(store)
        await store.send(.detail(.refundLines)) {
            $0.detailError = "refund: its payment is pending: only money that was paid can be given back"
        }
    }

    @Test(":refund lines REASON opens the chooser with the reason typed in; on the list it says where to go")
    func palette() async throws {
        let store = await ShellStore.start(orders: Self.sampleWithShipping)
        await RefundActionsTests.openOrder2(store)
        await RefundActionsTests.askToRefund(store, "lines late, wrong colour") {
            $0.modal = .lineChooser(LineChooserDraft(chooser: ShellCommandTests.refundChooser(Self.shippedOrder2),
                                                     text: "late, wrong colour"))
        }
        let onList = await ShellStore.start(orders: Self.sampleWithShipping)
        await ShellCommandTests.openPalette(onList, typing: ":refund lines 10", suggestion: nil)
        await onList.send(.palette(.run), effects: [ShellCommandTests.notice]) {
            $0.modal = nil
            $0.paletteText = ""
            $0.paletteSuggestion = 0
            $0.notice = "Open the order (Enter) to refund it"
        }
        #expect(try PaletteCommand.parse(":refund LINES") == .refundLines(reason: nil))
        #expect(try PaletteCommand.parse(":refund lines  late ") == .refundLines(reason: "late"))
    }
}
