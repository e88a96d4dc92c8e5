import OrdersApp
import OrdersCore
import OrdersScreens
import TermRender
import Testing

/// The whole app on TestBackend: keys typed as bytes go the real way (decoder, keymaps,
/// coordinator, effects, frame), and the whole screen is compared.
@Suite("Shell: whole screens")
@MainActor
struct AppScreenTests {
    static let size = Size(width: 80, height: 14)

    @Test("a key override shows in the footer; / filters as typed; Enter keeps, Enter opens; ? lists the detail's keys")
    func typingThroughTheApp() async {
        var config = AppConfig()
        config.keys = ["list.mark": ["m"]]
        let store = await ShellStore.start(size: Self.size, config: config)
        #expect(store.backend.mismatch(with: Self.list) == nil)

        await store.type("/jo") {
            $0.focus = .searchField(cursor: 2)
            $0.list.search = "jo"
            $0.list.shown = [1]
            $0.list.selected = 1
        }
        #expect(store.backend.mismatch(with: Self.searching) == nil)

        await store.type("\r\r") {
            $0.focus = .screen
            $0.routes = [.list, .detail(OrderID(1))]
            $0.detail = OrderID(1)
        }
        #expect(store.backend.mismatch(with: Self.detail) == nil)

        await store.type("?") { $0.modal = .help(filter: TextFieldState()) }
        #expect(store.backend.mismatch(with: Self.help) == nil)
    }

    @Test("the overridden key does what the default did, and the default no longer does")
    func overriddenKeyWorks() async {
        var config = AppConfig()
        config.keys = ["list.mark": ["m"]]
        let store = await ShellStore.start(size: Self.size, config: config)
        await store.type(" ")
        await store.type("m") {
            $0.list.marked = [5]
            $0.list.selected = 2
        }
    }

    @Test("a broken key override is reported in an alert and the defaults are used")
    func brokenOverride() async {
        var config = AppConfig()
        config.keys = ["list.mrak": ["m"]]
        let store = await ShellStore.start(size: Self.size, config: config)
        #expect(store.coordinator.modal
            == .error("config keys: unknown action \"list.mrak\" (did you mean \"list.mark\"?); using default keys"))
        await store.type("\r") { $0.modal = nil }
        await store.type(" ") {
            $0.list.marked = [5]
            $0.list.selected = 2
        }
    }

    @Test("text-field editing keys come from the keymap: a config override rebinds them in every field")
    func editingKeyOverride() async {
        var config = AppConfig()
        config.keys = ["edit.delete-to-start": ["ctrl-x"]]
        let store = await ShellStore.start(size: Self.size, config: config)
        await store.type("/ana") {
            $0.focus = .searchField(cursor: 3)
            $0.list.search = "ana"
            $0.list.shown = [4, 6]
            $0.list.selected = 4
        }
        await store.type("\u{15}") // Ctrl-U: no longer bound, and not text either
        await store.type("\u{18}") { // Ctrl-X: deletes to the start
            $0.focus = .searchField(cursor: 0)
            $0.list.search = ""
            $0.list.shown = [5, 2, 3, 1, 4, 7, 6]
        }
        // Esc on its own, as a person types it (ESC and ":" in one read would be Alt-:).
        await store.type("\u{1B}") { $0.focus = .screen }
        await store.type(":x") {
            $0.modal = .commandPalette(cursor: 1)
            $0.paletteText = "x"
            $0.paletteSuggestion = 0
        }
        await store.type("\u{18}") {
            $0.modal = .commandPalette(cursor: 0)
            $0.paletteText = ""
        }
    }

    @Test("mouse: a click selects a row, a double click opens it, a click on a tab switches to it")
    func mouse() async {
        let store = await ShellStore.start(size: Self.size)
        // SGR mouse reports, 1-based: the third order row is screen row 6.
        await store.type("\u{1B}[<0;10;6M\u{1B}[<0;10;6m") { $0.list.selected = 3 }
        // Both clicks in one burst, so no slow machine can stretch them past the double-click time.
        await store.type("\u{1B}[<0;10;7M\u{1B}[<0;10;7m\u{1B}[<0;10;7M\u{1B}[<0;10;7m") {
            $0.list.selected = 1
            $0.routes = [.list, .detail(OrderID(1))]
            $0.detail = OrderID(1)
        }
        await store.type("\u{1B}") {
            $0.routes = [.list]
            $0.detail = nil
        }
        // "Pending 2" on the tab row.
        await store.type("\u{1B}[<0;12;2M") {
            $0.list.tab = .pending
            $0.list.shown = [1, 7]
            $0.list.selected = 1
        }
    }

    static let list = [
        "orders test.db                                                        7/7 orders",
        " All 7   Pending 2   Processing 1   Shipped 1   Completed 1   Closed 2   +4     ",
        "    Number        Age▲ Customer                      Total Payment/Shipping     ",
        "    ORD-0000005    30m Zoë Adams                   $999.99 Voided/Unsent        ",
        "⚑   ORD-0000002     2h Jürgen Müller             $1,500.00 Paid/Unsent          ",
        "    ORD-0000003     5h 山田 太郎                   ¥12,000 Paid/Sent            ",
        "    ORD-0000001    30h José García                 $120.00 Unpaid/Unsent        ",
        "    ORD-0000004     2d Ana Lima                     $45.00 Paid/Sent            ",
        "    ORD-0000007     2d Bob Stone                    $45.00 Unpaid/Unsent        ",
        "⚑   ORD-0000006     8d ana lima                  $2,000.00 Refunded/Unsent      ",
        "                                                                                ",
        "                                                                                ",
        "                                                              ¥12,000  $4,709.99",
        "enter open  / search  m mark  c advance  u undo  q quit  ? help  : command      ",
    ]

    static let searching = [
        "orders test.db                                                        1/7 orders",
        " All 1   Pending 1   Processing 0   Shipped 0   Completed 0   Closed 0   +4     ",
        "/ jo                                                                            ",
        "    Number        Age▲ Customer                      Total Payment/Shipping     ",
        "    ORD-0000001    30h José García                 $120.00 Unpaid/Unsent        ",
        "                                                                                ",
        "                                                                                ",
        "                                                                                ",
        "                                                                                ",
        "                                                                                ",
        "                                                                                ",
        "                                                                                ",
        "                                                                         $120.00",
        "enter keep  esc clear  ? help  : command                                        ",
    ]

    static let detail = [
        "ORD-0000001  Pending                                                      1 of 1",
        "────────────────────────────────────────────────────────────────────────────────",
        "Source     local                            Status     Pending                 ┃",
        "Customer   José García                      Payment    pending                 ┃",
        "Email      customer1@example.com            Fulfilment unfulfilled             ┃",
        "Ships to   DE                               Next steps Processing, Cancelled   ┃",
        "Created    Sep 20, 2026 at 08:13 GMT        Flag       not flagged             ┃",
        "Updated    Sep 20, 2026 at 08:13 GMT        Tags       vip                     │",
        "                                            Assignee   unassigned              │",
        "                                                                               │",
        "Items                                                                          │",
        "SKU         Title                                Qty   Unit price    Line total│",
        "SKU-1       Desk lamp                              1      $120.00       $120.00│",
        "esc back  ] next  c advance  e note  ? help  : command                          ",
    ]

    static let help = [
        "ORD-0000001  Pending                                                      1 of 1",
        "────────────────────────────────────────────────────────────────────────────────",
        "Source╭ Keys ────────────────────────────────────────────────────────────╮     ┃",
        "Custom│ Filter type to filter                                      34/34 │     ┃",
        "Email │                                                                  │     ┃",
        "Ships │ Move                                                           ┃ │ed   ┃",
        "Create│ esc q        Back to the list                                  │ │     ┃",
        "Update│ ]            Next order of the list                            │ │     │",
        "      │ [            Previous order of the list                        │ │     │",
        "      │                                                                  │     │",
        "Items │ esc close  down scroll                                           │     │",
        "SKU   ╰──────────────────────────────────────────────────────────────────╯total│",
        "SKU-1       Desk lamp                              1      $120.00       $120.00│",
        "esc back  ] next  c advance  e note  ? help  : command                          ",
    ]
}
