import OrdersApp
import OrdersCore
import OrdersPresentation
import OrdersScreens
import TermRender
import TerminalTestSupport
import Testing

/// Every command of every context, each from a freshly started app, as an exhaustive
/// store test: the exact effects it returns and the whole state after it. The
/// expectations are one exhaustive `switch`, so a new command does not compile here
/// until it has its test.
@Suite("Shell: every command of every context")
@MainActor
struct ShellCommandTests {
    /// How to reach the command's context (asserted too), what it returns, what it changes.
    struct Expectation {
        var setup: @MainActor (ShellStore) async -> Void
        var effects: [AppEffect]
        var update: (inout ShellState) -> Void
        /// The terminal's size; small where scrolling must have room to move.
        var size = Size(width: 100, height: 24)
        /// The orders the store starts with.
        var orders = AppFixtures.sample

        init(setup: @escaping @MainActor (ShellStore) async -> Void = { _ in }, effects: [AppEffect] = [],
             _ update: @escaping (inout ShellState) -> Void) {
            self.setup = setup
            self.effects = effects
            self.update = update
        }

        /// A command that changes nothing the state shows.
        init(setup: @escaping @MainActor (ShellStore) async -> Void = { _ in }, effects: [AppEffect] = []) {
            self.init(setup: setup, effects: effects) { _ in }
        }
    }

    @Test("the command changes exactly the expected state and returns exactly the expected effects",
          arguments: ContextCommand.all)
    func command(_ command: ContextCommand) async {
        let expectation = Self.expectation(for: command)
        let store = await ShellStore.start(size: expectation.size, orders: expectation.orders)
        await expectation.setup(store)
        await store.send(command, effects: expectation.effects, expectation.update)
    }

    static let notice = AppEffect.expireNotice(after: .seconds(4))

    static func expectation(for command: ContextCommand) -> Expectation {
        switch command {
        case .list(let command): list(command)
        case .detail(let command): detail(command)
        case .dashboard(let command): dashboard(command)
        case .global(let command): global(command)
        case .search(let command): search(command)
        case .palette(let command): palette(command)
        case .note(let command): note(command)
        case .confirm(let command): confirm(command)
        case .help(let command): help(command)
        case .alert(let command): alert(command)
        case .chooser(let command): chooser(command)
        case .importing(let command): importing(command)
        case .frequency(let command): FrequencySheetTests.expectation(for: command)
        case .rules(let command): RulesShellTests.expectation(for: command)
        case .ruleQuery(let command): RulesShellTests.expectation(for: command)
        }
    }

    // MARK: Setups (each step asserted like any other)

    /// Selects order 1 (pending) on the list: 5 → 2 → 3 → 1.
    static func selectOrder1(_ store: ShellStore) async {
        await store.send(.list(.down)) { $0.list.selected = 2 }
        await store.send(.list(.down)) { $0.list.selected = 3 }
        await store.send(.list(.down)) { $0.list.selected = 1 }
    }

    /// Opens order 1's detail.
    static func openOrder1(_ store: ShellStore) async {
        await selectOrder1(store)
        await store.send(.list(.open), effects: [.openOrder(OrderID(1))]) {
            $0.routes = [.list, .detail(OrderID(1))]
            $0.detail = OrderID(1)
        }
    }

    /// Opens order 4's detail (the customer of 4, 6 and 7).
    static func openOrder4(_ store: ShellStore) async {
        await selectOrder1(store)
        await store.send(.list(.down)) { $0.list.selected = 4 }
        await store.send(.list(.open), effects: [.openOrder(OrderID(4))]) {
            $0.routes = [.list, .detail(OrderID(4))]
            $0.detail = OrderID(4)
            $0.customerOrders = "7* 6"
        }
    }

    /// The version of order 1 the screen shows when a confirmation is asked (as stored).
    static let seenOrder1 = [OrderID(1): 1]

    static func cancelRequest(_ number: Int) -> ConfirmationRequest {
        let id = OrderID(number).description
        return ConfirmationRequest(
            title: "Cancel \(id)?",
            message: "This cannot be undone in the workflow (undo restores it only while the history lasts).",
            confirmLabel: "Cancel \(id)")
    }

    /// Asks to cancel order 1 from the list.
    static func askToCancelOrder1(_ store: ShellStore) async {
        await selectOrder1(store)
        await store.send(.list(.order(.cancel))) {
            $0.modal = .confirm(PendingConfirmation(request: cancelRequest(1), action: .cancel, targets: [OrderID(1)],
                                                    advanceFrom: OrderID(1), seenVersions: seenOrder1))
        }
    }

    /// Opens the palette (its first completion highlighted) and types `text`, which leaves
    /// `suggestion` highlighted.
    static func openPalette(_ store: ShellStore, typing text: String, suggestion: Int?) async {
        await store.send(.global(.palette)) {
            $0.modal = .commandPalette(cursor: 0)
            $0.paletteSuggestion = 0
        }
        await store.type(text) {
            $0.modal = .commandPalette(cursor: text.count)
            $0.paletteText = text
            $0.paletteSuggestion = suggestion
        }
    }

    static func searchAna(_ store: ShellStore) async {
        await store.send(.list(.search)) { $0.focus = .searchField(cursor: 0) }
        await store.type("ana") {
            $0.focus = .searchField(cursor: 3)
            $0.list.search = "ana"
            $0.list.shown = [4, 6]
            $0.list.selected = 4
        }
    }

    // MARK: List

    static func list(_ command: ListScreenCommand) -> Expectation {
        switch command {
        case .down: return Expectation { $0.list.selected = 2 }
        case .up: return Expectation(setup: { await $0.send(.list(.down)) { $0.list.selected = 2 } }) { $0.list.selected = 5 }
        case .top: return Expectation(setup: { await $0.send(.list(.bottom)) { $0.list.selected = 6 } }) { $0.list.selected = 5 }
        case .bottom: return Expectation { $0.list.selected = 6 }
        case .pageDown: return Expectation { $0.list.selected = 6 }
        case .pageUp: return Expectation(setup: { await $0.send(.list(.bottom)) { $0.list.selected = 6 } }) { $0.list.selected = 5 }
        case .halfPageDown: return Expectation { $0.list.selected = 6 }
        case .halfPageUp:
            return Expectation(setup: { await $0.send(.list(.bottom)) { $0.list.selected = 6 } }) { $0.list.selected = 5 }
        case .open:
            return Expectation(effects: [.openOrder(OrderID(5))]) {
                $0.routes = [.list, .detail(OrderID(5))]
                $0.detail = OrderID(5)
            }
        case .search: return Expectation { $0.focus = .searchField(cursor: 0) }
        case .nextMatch:
            return Expectation(setup: { await searchAna($0); await $0.send(.search(.keep)) { $0.focus = .screen } }) {
                $0.list.selected = 6
            }
        case .previousMatch:
            return Expectation(setup: { await $0.send(.list(.down)) { $0.list.selected = 2 } }) { $0.list.selected = 5 }
        case .nextTab:
            return Expectation {
                $0.list.tab = .pending
                $0.list.shown = [1, 7]
                $0.list.selected = 1
            }
        case .previousTab:
            // From the first tab, round to the last: the last saved view (the seeded "Mine": mia's order 7).
            return Expectation {
                $0.list.search = "assignee:me status:pending,processing"
                $0.list.sort = OrderSort(.date, ascending: true)
                $0.list.shown = [7]
                $0.list.selected = 7
            }
        case .tab(let tab):
            let shown: [StatusTab: [Int]] = [.all: [5, 2, 3, 1, 4, 7, 6], .pending: [1, 7], .processing: [2],
                                             .shipped: [3], .completed: [4], .closed: [5, 6]]
            return Expectation {
                $0.list.tab = tab
                $0.list.shown = shown[tab] ?? []
                $0.list.selected = shown[tab]?.first
            }
        case .cycleSort:
            // From the date to the next column of the table (number, date, age, customer, …).
            return Expectation(effects: [notice]) {
                $0.list.sort = OrderSort(.customer)
                $0.list.shown = [4, 6, 7, 1, 2, 5, 3]
                $0.notice = "Sorted by customer"
            }
        case .flipSort:
            return Expectation {
                $0.list.sort = OrderSort(.date, ascending: true)
                $0.list.shown = [6, 4, 7, 1, 3, 2, 5]
            }
        case .flaggedOnly:
            return Expectation {
                $0.list.flaggedOnly = true
                $0.list.shown = [2, 6]
                $0.list.selected = 2
            }
        case .highValueOnly:
            return Expectation {
                $0.list.highValueOnly = true
                $0.list.shown = [2, 3, 6]
                $0.list.selected = 2
            }
        case .mark:
            return Expectation {
                $0.list.marked = [5]
                $0.list.selected = 2
            }
        case .markRange:
            // Started on order 5 (the first row), two rows down on order 3: 5, 2 and 3 are marked (RangeMarkTests).
            return Expectation(setup: { store in
                await store.send(.list(.markRange)) { $0.list.rangeStart = 5 }
                await store.send(.list(.down)) { $0.list.selected = 2 }
                await store.send(.list(.down)) { $0.list.selected = 3 }
            }) {
                $0.list.marked = [2, 3, 5]
                $0.list.rangeStart = nil
            }
        case .markAll: return Expectation { $0.list.marked = [1, 2, 3, 4, 5, 6, 7] }
        case .clearMarks:
            return Expectation(setup: { await $0.send(.list(.markAll)) { $0.list.marked = [1, 2, 3, 4, 5, 6, 7] } }) {
                $0.list.marked = []
            }
        case .order(let command): return orderOnList(command)
        case .export:
            return Expectation {
                $0.modal = .commandPalette(cursor: 8)
                $0.paletteText = ":export "
            }
        case .dashboard:
            return Expectation {
                $0.routes = [.list, .dashboard]
                $0.dashboard = "30d openByAge >7d"
            }
        case .frequency:
            return Expectation {
                $0.modal = .commandPalette(cursor: 6)
                $0.paletteText = ":freq "
                $0.paletteSuggestion = 0
            }
        case .refresh: return Expectation(effects: [notice]) { $0.notice = "Reloading…" }
        case .quit: return Expectation(effects: [.quit(0)]) { $0.exitStatus = 0 }
        }
    }

    /// Order commands on the list act on the selected order 1 and then select the next row (4).
    static func orderOnList(_ command: OrderCommand) -> Expectation {
        let setup: @MainActor (ShellStore) async -> Void = { await selectOrder1($0) }
        switch command {
        case .advance:
            return Expectation(setup: setup) {
                $0.orders[0] = "1 processing vip"
                $0.list.selected = 4
            }
        case .cancel:
            return Expectation(setup: setup) {
                $0.modal = .confirm(PendingConfirmation(request: cancelRequest(1), action: .cancel, targets: [OrderID(1)],
                                                        advanceFrom: OrderID(1), seenVersions: seenOrder1))
            }
        case .refund:
            return Expectation(setup: setup) {
                $0.modal = .confirm(PendingConfirmation(
                    request: ConfirmationRequest(
                        title: "Refund ORD-0000001?",
                        message: "This cannot be undone in the workflow (undo restores it only while the history lasts).",
                        confirmLabel: "Refund ORD-0000001"),
                    action: .refund, targets: [OrderID(1)], advanceFrom: OrderID(1), seenVersions: seenOrder1))
            }
        case .markPaid:
            return Expectation(setup: setup) {
                $0.orders[0] = "1 processing vip"
                $0.list.selected = 4
            }
        case .fulfil:
            // Sent before it was paid: shipped by the triage, the payment still pending.
            return Expectation(setup: setup) {
                $0.orders[0] = "1 shipped pay:pending vip"
                $0.list.selected = 4
            }
        case .hold:
            return Expectation(setup: setup) {
                $0.orders[0] = "1 processing pay:pending ship:on_hold vip"
                $0.list.selected = 4
            }
        case .flag:
            return Expectation(setup: setup) {
                $0.orders[0] = "1 pending vip F"
                $0.list.selected = 4
            }
        case .assignToMe:
            return Expectation(setup: setup) {
                $0.orders[0] = "1 pending vip @mia"
                $0.list.selected = 4
            }
        case .tag:
            return Expectation(setup: setup) {
                $0.modal = .commandPalette(cursor: 5)
                $0.paletteText = ":tag "
                // The tags in use are offered at once (vip, wholesale): the first is highlighted.
                $0.paletteSuggestion = 0
            }
        case .note:
            return Expectation(setup: setup) { $0.modal = .noteEditor(NoteDraft(targets: [OrderID(1)])) }
        case .undo:
            return Expectation(setup: { store in
                await setup(store)
                await store.send(.list(.order(.flag))) {
                    $0.orders[0] = "1 pending vip F"
                    $0.list.selected = 4
                }
            }) { $0.orders[0] = "1 pending vip" }
        case .redo:
            return Expectation(setup: { store in
                await setup(store)
                await store.send(.list(.order(.flag))) {
                    $0.orders[0] = "1 pending vip F"
                    $0.list.selected = 4
                }
                await store.send(.list(.order(.undo))) { $0.orders[0] = "1 pending vip" }
            }) { $0.orders[0] = "1 pending vip F" }
        case .copy:
            return Expectation(setup: setup, effects: [.copy(text: "ORD-0000001", what: "ORD-0000001")]) {
                $0.notice = "Copied ORD-0000001"
            }
        }
    }

    // MARK: Detail

    static func detail(_ command: DetailScreenCommand) -> Expectation {
        let setup: @MainActor (ShellStore) async -> Void = { await openOrder1($0) }
        switch command {
        case .back:
            return Expectation(setup: setup) {
                $0.routes = [.list]
                $0.detail = nil
            }
        case .next:
            return Expectation(setup: setup) {
                $0.routes = [.list, .detail(OrderID(4))]
                $0.detail = OrderID(4)
                $0.list.selected = 4
                $0.customerOrders = "7* 6"
            }
        case .openCustomerOrder:
            // Order 4's customer also placed 7 (as old as 4: the higher key first) and 6; Enter opens
            // the marked 7 over 4, whose own list shows 4 and 6.
            return Expectation(setup: openOrder4, effects: [.openOrder(OrderID(7))]) {
                $0.routes = [.list, .detail(OrderID(4)), .detail(OrderID(7))]
                $0.detail = OrderID(7)
                $0.list.selected = 7
                $0.customerOrders = "4* 6"
            }
        case .nextCustomerOrder:
            return Expectation(setup: openOrder4) { $0.customerOrders = "7 6*" }
        case .previousCustomerOrder:
            return Expectation(setup: { store in
                await openOrder4(store)
                await store.send(.detail(.nextCustomerOrder)) { $0.customerOrders = "7 6*" }
            }) { $0.customerOrders = "7* 6" }
        case .previous:
            return Expectation(setup: setup) {
                $0.routes = [.list, .detail(OrderID(3))]
                $0.detail = OrderID(3)
                $0.list.selected = 3
            }
        case .scrollDown, .pageDown, .bottom:
            // One column at 60x12, 9 rows of body: item 0 (source, customer and workflow with payment and
            // fulfilment) is 7 rows and a gap, item 1 the items and totals; a page is 8 rows; the bottom
            // puts the last row on the last line.
            let offsets: [DetailScreenCommand: String] = [.scrollDown: "order 0.1", .pageDown: "order 1.0", .bottom: "order 1.5"]
            var expectation = Expectation(setup: setup, effects: [.render]) { $0.detailScroll = offsets[command] ?? "?" }
            expectation.size = Size(width: 60, height: 12)
            return expectation
        case .scrollUp, .pageUp, .top:
            var expectation = Expectation(setup: { store in
                await setup(store)
                await store.send(.detail(.bottom), effects: [.render]) { $0.detailScroll = "order 1.5" }
            }, effects: [.render]) {
                $0.detailScroll = [.scrollUp: "order 1.4", .pageUp: "order 0.5", .top: "order 0.0"][command] ?? "?"
            }
            expectation.size = Size(width: 60, height: 12)
            return expectation
        case .switchColumn:
            // Two columns at 120x30: Tab gives the scroll keys to the notes, and j then moves them.
            var expectation = Expectation(setup: setup, effects: [.render]) {
                $0.detailScroll = "order 0.0, notes 0.0 (notes focused)"
            }
            expectation.size = Size(width: 120, height: 30)
            return expectation
        case .refundAmount:
            return Expectation(setup: setup) {
                $0.modal = .commandPalette(cursor: 8)
                $0.paletteText = ":refund "
            }
        case .refundLines:
            // Order 2 is paid: its one line on offer, preset to none.
            return Expectation(setup: RefundActionsTests.openOrder2) {
                $0.modal = .lineChooser(LineChooserDraft(chooser: refundChooser(AppFixtures.sample[1])))
            }
        case .order(let command): return orderOnDetail(command)
        }
    }

    /// Order commands on the detail act on its order and stay on it.
    static func orderOnDetail(_ command: OrderCommand) -> Expectation {
        let setup: @MainActor (ShellStore) async -> Void = { await openOrder1($0) }
        switch command {
        case .advance: return Expectation(setup: setup) { $0.orders[0] = "1 processing vip" }
        case .cancel:
            return Expectation(setup: setup) {
                $0.modal = .confirm(PendingConfirmation(request: cancelRequest(1), action: .cancel, targets: [OrderID(1)],
                                                        advanceFrom: nil, seenVersions: seenOrder1))
            }
        case .refund:
            return Expectation(setup: setup) {
                $0.modal = .confirm(PendingConfirmation(
                    request: ConfirmationRequest(
                        title: "Refund ORD-0000001?",
                        message: "This cannot be undone in the workflow (undo restores it only while the history lasts).",
                        confirmLabel: "Refund ORD-0000001"),
                    action: .refund, targets: [OrderID(1)], advanceFrom: nil, seenVersions: seenOrder1))
            }
        case .markPaid: return Expectation(setup: setup) { $0.orders[0] = "1 processing vip" }
        case .fulfil:
            // On the detail, which holds the lines, the operator chooses them first.
            return Expectation(setup: setup) { $0.modal = .lineChooser(LineChooserDraft(chooser: order1Chooser)) }
        case .hold:
            // On hold, then released by the same key.
            return Expectation(setup: { store in
                await setup(store)
                await store.send(.detail(.order(.hold))) { $0.orders[0] = "1 processing pay:pending ship:on_hold vip" }
            }) { $0.orders[0] = "1 pending vip" }
        case .flag: return Expectation(setup: setup) { $0.orders[0] = "1 pending vip F" }
        case .assignToMe: return Expectation(setup: setup) { $0.orders[0] = "1 pending vip @mia" }
        case .tag:
            return Expectation(setup: setup) {
                $0.modal = .commandPalette(cursor: 5)
                $0.paletteText = ":tag "
                // The tags in use are offered at once (vip, wholesale): the first is highlighted.
                $0.paletteSuggestion = 0
            }
        case .note: return Expectation(setup: setup) { $0.modal = .noteEditor(NoteDraft(targets: [OrderID(1)])) }
        case .undo: return Expectation(setup: setup, effects: [notice]) { $0.notice = "Nothing to undo" }
        case .redo: return Expectation(setup: setup, effects: [notice]) { $0.notice = "Nothing to redo" }
        case .copy:
            return Expectation(setup: setup, effects: [.copy(text: "ORD-0000001", what: "ORD-0000001")]) {
                $0.notice = "Copied ORD-0000001"
            }
        }
    }

    // MARK: Dashboard

    /// Opens the dashboard from the list: focus on the oldest age bucket.
    static func openDashboard(_ store: ShellStore) async {
        await store.send(.list(.dashboard)) {
            $0.routes = [.list, .dashboard]
            $0.dashboard = "30d openByAge >7d"
        }
    }

    /// At 100x24 six panels fit (the top lists do not); focus moves through them most important
    /// first: orders per day, open by age, assignees, revenue per day, revenue by status, rates.
    static func dashboard(_ command: DashboardScreenCommand) -> Expectation {
        switch command {
        case .back:
            return Expectation(setup: openDashboard) { $0.routes = [.list] }
        case .nextPanel:
            // The assignee panel leads with the open orders no one has (1 and 2); only order 7 is assigned, to mia.
            return Expectation(setup: openDashboard) { $0.dashboard = "30d assignees (unassigned)" }
        case .previousPanel:
            return Expectation(setup: openDashboard) { $0.dashboard = "30d ordersPerDay Mon, Sep 21" }
        case .previousItem:
            return Expectation(setup: openDashboard) { $0.dashboard = "30d openByAge 3–7d" }
        case .nextItem:
            return Expectation(setup: { store in
                await openDashboard(store)
                await store.send(.dashboard(.previousItem)) { $0.dashboard = "30d openByAge 3–7d" }
            }) { $0.dashboard = "30d openByAge >7d" }
        case .period:
            return Expectation(setup: openDashboard) { $0.dashboard = "90d openByAge >7d" }
        case .open:
            // The 2–3d bucket holds only order 7 (pending, 50 hours old): the list shows exactly it,
            // its bounds written as instants so the search means the same later.
            return Expectation(setup: { store in
                await openDashboard(store)
                await store.send(.dashboard(.previousItem)) { $0.dashboard = "30d openByAge 3–7d" }
                await store.send(.dashboard(.previousItem)) { $0.dashboard = "30d openByAge 2–3d" }
            }) {
                $0.routes = [.list]
                $0.list.search = "status:pending,processing since:2026-09-18T14:13:20Z before:2026-09-19T14:13:20Z"
                $0.list.shown = [7]
                $0.list.selected = 7
            }
        }
    }

    // MARK: App-wide

    static func global(_ command: AppWideCommand) -> Expectation {
        switch command {
        case .help: return Expectation { $0.modal = .help(filter: TextFieldState()) }
        case .palette:
            return Expectation {
                $0.modal = .commandPalette(cursor: 0)
                $0.paletteSuggestion = 0
            }
        case .mouse:
            return Expectation(effects: [.setMouseCapture(false), notice]) {
                $0.mouseCapture = false
                $0.notice = "Mouse off"
            }
        case .redraw: return Expectation(effects: [.redrawAll])
        case .interrupt: return Expectation(effects: [.quit(130)]) { $0.exitStatus = 130 }
        case .suspend: return Expectation(effects: [.suspend])
        }
    }

    // MARK: Fields and dialogs

    static func search(_ command: SearchFieldCommand) -> Expectation {
        switch command {
        case .keep: return Expectation(setup: searchAna) { $0.focus = .screen }
        case .clear:
            return Expectation(setup: searchAna) {
                $0.focus = .screen
                $0.list.search = ""
                $0.list.shown = [5, 2, 3, 1, 4, 7, 6]
            }
        }
    }

    static func palette(_ command: PaletteFieldCommand) -> Expectation {
        switch command {
        case .run:
            return Expectation(setup: { await openPalette($0, typing: ":sort total", suggestion: 0) }) {
                $0.modal = nil
                $0.paletteText = ""
                $0.paletteSuggestion = 0
                $0.list.sort = OrderSort(.total, ascending: false)
                $0.list.shown = [3, 6, 2, 5, 1, 4, 7]
            }
        case .close:
            return Expectation(setup: { await openPalette($0, typing: ":sort", suggestion: 0) }) { $0.modal = nil }
        case .complete:
            return Expectation(setup: { await openPalette($0, typing: ":so", suggestion: 0) }) {
                $0.paletteText = ":sort "
                $0.modal = .commandPalette(cursor: 6)
            }
        case .nextSuggestion:
            return Expectation(setup: { await openPalette($0, typing: ":", suggestion: 0) }) { $0.paletteSuggestion = 1 }
        case .previousSuggestion:
            return Expectation(setup: { store in
                await openPalette(store, typing: ":", suggestion: 0)
                await store.send(.palette(.nextSuggestion)) { $0.paletteSuggestion = 1 }
            }) { $0.paletteSuggestion = 0 }
        case .historyBack:
            return Expectation(setup: { store in
                await openPalette(store, typing: ":sort id", suggestion: 0)
                await store.send(.palette(.run)) {
                    $0.modal = nil
                    $0.paletteText = ""
                    $0.list.sort = OrderSort(.id, ascending: true)
                    $0.list.shown = [1, 2, 3, 4, 5, 6, 7]
                }
                await store.send(.global(.palette)) { $0.modal = .commandPalette(cursor: 0) }
            }) {
                $0.paletteText = ":sort id"
                $0.modal = .commandPalette(cursor: 8)
            }
        case .historyForward:
            return Expectation(setup: { await openPalette($0, typing: ":q", suggestion: 0) })
        }
    }

    static func note(_ command: NoteEditorCommand) -> Expectation {
        let setup: @MainActor (ShellStore) async -> Void = { store in
            await selectOrder1(store)
            await store.send(.list(.order(.note))) { $0.modal = .noteEditor(NoteDraft(targets: [OrderID(1)])) }
            await store.type("Called") { $0.modal = .noteEditor(NoteDraft(targets: [OrderID(1)], text: "Called")) }
        }
        switch command {
        case .save:
            // The editor stays open (saving) until the effect sees the note stored, then closes.
            return Expectation(setup: setup, effects: [.finishNote([OrderID(1)])]) {
                $0.modal = nil
                $0.orders[0] = "1 pending vip notes:Called"
            }
        case .newLine:
            return Expectation(setup: setup) { $0.modal = .noteEditor(NoteDraft(targets: [OrderID(1)], text: "Called\n")) }
        case .externalEditor:
            // The shell's editor (/bin/true) leaves the file as it was: the note too (NoteExternalEditorTests edits it).
            return Expectation(setup: setup, effects: [.editNote(targets: [OrderID(1)], text: "Called")]) { _ in }
        case .discard:
            // A written note is not thrown away on Esc: it asks, and keeps the text meanwhile (NoteDraftTests).
            return Expectation(setup: setup) {
                $0.modal = NoteDraftTests.discardQuestion(NoteDraft(targets: [OrderID(1)], text: "Called"))
                $0.noteDrafts = [OrderID(1): "Called"]
            }
        }
    }

    static func confirm(_ command: ConfirmDialogCommand) -> Expectation {
        let asked = PendingConfirmation(request: cancelRequest(1), action: .cancel, targets: [OrderID(1)],
                                        advanceFrom: OrderID(1), seenVersions: seenOrder1)
        var focused = asked
        focused.focusedButton = .confirm
        switch command {
        case .press, .no: return Expectation(setup: askToCancelOrder1) { $0.modal = nil }
        case .nextButton, .previousButton: return Expectation(setup: askToCancelOrder1) { $0.modal = .confirm(focused) }
        case .yes:
            return Expectation(setup: askToCancelOrder1) {
                $0.modal = nil
                $0.orders[0] = "1 cancelled vip"
                $0.list.selected = 4
            }
        }
    }

    static func help(_ command: HelpOverlayCommand) -> Expectation {
        let setup: @MainActor (ShellStore) async -> Void = { store in
            await store.send(.global(.help)) { $0.modal = .help(filter: TextFieldState()) }
        }
        switch command {
        case .close: return Expectation(setup: setup) { $0.modal = nil }
        case .scrollDown: return Expectation(setup: setup, effects: [.render]) { $0.helpScroll = 1 }
        case .pageDown: return Expectation(setup: setup, effects: [.render]) { $0.helpScroll = 13 }
        case .scrollUp, .pageUp:
            return Expectation(setup: { store in
                await setup(store)
                await store.send(.help(.scrollDown), effects: [.render]) { $0.helpScroll = 1 }
            }, effects: [.render]) { $0.helpScroll = 0 }
        }
    }

    /// Order 1's one line (1 × SKU-1) in the line chooser, preset to all of it.
    static var order1Chooser: LineChooser {
        guard let chooser = LineChooser(fulfilling: AppFixtures.sample[0]) else {
            Issue.record("order 1 has a line to send")
            return LineChooser(fulfilling: AppFixtures.sample[1])!
        }
        return chooser
    }

    /// Order 1's detail with the line chooser open over it, "1Z9" typed as the tracking number.
    static func openOrder1Chooser(_ store: ShellStore) async {
        await openOrder1(store)
        await store.send(.detail(.order(.fulfil))) { $0.modal = .lineChooser(LineChooserDraft(chooser: order1Chooser)) }
        await store.type("1Z9") { $0.modal = .lineChooser(LineChooserDraft(chooser: order1Chooser, text: "1Z9")) }
    }

    static func chooser(_ command: LineChooserCommand) -> Expectation {
        var none = order1Chooser
        none.decrease()
        let skipped = LineChooserDraft(chooser: none, text: "1Z9")
        let skipFirst: @MainActor (ShellStore) async -> Void = { store in
            await openOrder1Chooser(store)
            await store.send(.chooser(.less)) { $0.modal = .lineChooser(skipped) }
        }
        switch command {
        case .confirm:
            // Sent with its tracking number: the chooser closes, the detail shows the order fulfilled.
            return Expectation(setup: openOrder1Chooser) {
                $0.modal = nil
                $0.orders[0] = "1 shipped pay:pending vip tracking:1Z9"
            }
        case .cancel: return Expectation(setup: openOrder1Chooser) { $0.modal = nil }
        // One line: the highlight stays on it at both ends.
        case .nextLine, .previousLine: return Expectation(setup: openOrder1Chooser)
        case .more:
            return Expectation(setup: skipFirst) { $0.modal = .lineChooser(LineChooserDraft(chooser: order1Chooser, text: "1Z9")) }
        case .less, .skip:
            return Expectation(setup: openOrder1Chooser) { $0.modal = .lineChooser(skipped) }
        case .shipping, .restock:
            // The refund chooser of order 2 with 10.00 of shipping: the choice toggles in the dialog.
            var toggled = refundChooser(RefundLinesTests.shippedOrder2)
            if command == .shipping { toggled.toggleShipping() } else { toggled.toggleRestock() }
            var expectation = Expectation(setup: { store in
                await RefundActionsTests.openOrder2(store)
                await store.send(.detail(.refundLines)) {
                    $0.modal = .lineChooser(LineChooserDraft(chooser: refundChooser(RefundLinesTests.shippedOrder2)))
                }
            }) { $0.modal = .lineChooser(LineChooserDraft(chooser: toggled)) }
            expectation.orders = RefundLinesTests.sampleWithShipping
            return expectation
        }
    }

    /// The refund chooser of `order`, which has lines to give back.
    static func refundChooser(_ order: Order) -> LineChooser {
        guard let chooser = LineChooser(refunding: order) else {
            Issue.record("\(order.number) has lines to give back")
            return order1Chooser
        }
        return chooser
    }

    static func alert(_ command: AlertCommand) -> Expectation {
        switch command {
        case .dismiss:
            return Expectation(setup: { store in
                await openPalette(store, typing: ":open 99", suggestion: nil)
                await store.send(.palette(.run), effects: [.openNamedOrder(OrderReference(number: "99"))]) {
                    $0.paletteText = ""
                    $0.paletteSuggestion = 0
                    $0.modal = .error("Order 99 does not exist.")
                }
            }) { $0.modal = nil }
        }
    }
}

extension ShellCommandTests {
    /// Imports the shared Shopify fixture with `:import` (two new orders, 8 and 9) and waits for the
    /// list to hear of them; the summary is then up.
    static func importFixture(_ store: ShellStore) async {
        let path = store.exportDirectory.appendingPathComponent("orders_export.csv").path
        try? ShopifyExportFixture.export().write(toFile: path, atomically: true, encoding: .utf8)
        await openPalette(store, typing: ":import \(path)", suggestion: 0)
        // Run by hand, so the state is compared once the list has merged the store's change notice.
        let effects = store.coordinator.send(.palette(.run))
        #expect(effects == [.runImport])
        store.shell.perform(effects)
        await store.listHearsOfImport {
            $0.modal = .importing
            $0.paletteText = ""
            $0.paletteSuggestion = 0
            $0.importState = .finished(ImportShellTests.importedSummary)
            $0.orders += ImportShellTests.importedOrders
            $0.list.shown += [9, 8]
        }
    }

    static func importing(_ command: ImportDialogCommand) -> Expectation {
        switch command {
        case .cancel, .close:
            return Expectation(setup: importFixture) {
                $0.modal = nil
                $0.importState = .idle
            }
        }
    }
}
