import OrdersApp
import OrdersCore
import OrdersScreens
import TermRender
import Testing

/// The frequency sheet drawn by the whole app on TestBackend, whole screens at the sizes that matter:
/// over the list as it was (dimmed behind), the values most frequent first, shares to a tenth of a
/// percent, each currency's total apart (yen and dollars never added), a scroll bar when the values
/// outnumber the rows, the status line and the sheet's keys.
@Suite("Shell: the frequency sheet's screens")
@MainActor
struct FrequencySheetScreenTests {
    static func showing(_ field: FrequencyField, size: Size) async -> ShellStore {
        let store = await ShellStore.start(size: size)
        store.shell.perform(store.coordinator.execute(.frequency(field)))
        await store.shell.settle()
        return store
    }

    @Test("60x15: every status fits, six rows")
    func status60() async {
        let store = await Self.showing(.status, size: Size(width: 60, height: 15))
        #expect(store.backend.mismatch(with: Self.status60) == nil)
    }

    @Test("60x15: seven customers in six rows scroll; G shows the last, the scroll bar at the bottom")
    func customersScroll() async {
        let store = await Self.showing(.customer, size: Size(width: 60, height: 15))
        guard case .frequency(let state) = store.coordinator.modal else {
            Issue.record("no frequency sheet")
            return
        }
        await store.type("G") { $0.modal = .frequency(FrequencySheetState(field: .customer, table: state.table, selected: 6)) }
        #expect(store.backend.mismatch(with: Self.customerScrolled60) == nil)
    }

    @Test("80x24: the statuses over the list")
    func status80() async {
        let store = await Self.showing(.status, size: Size(width: 80, height: 24))
        #expect(store.backend.mismatch(with: Self.status80) == nil)
    }

    @Test("200x60: tags, the untagged orders first with their totals in two currencies")
    func tags200() async {
        let store = await Self.showing(.tag, size: Size(width: 200, height: 60))
        #expect(store.backend.mismatch(with: Self.tag200) == nil)
    }

    static let status60 = [
        "orders test.db                                    7/7 orders",
        " All 7   Pend 2   Proc 1   Ship 1   Done 1   Closed 2   +4  ",
        " ╭ Frequency: Status ─────────────────────────────────────╮l",
        " │ Value                Count  Share               Totals │9",
        "⚑│ pending                  2  28.6%              $165.00 │0",
        " │ cancelled                1  14.3%              $999.99 │0",
        " │ completed                1  14.3%               $45.00 │0",
        " │ processing               1  14.3%            $1,500.00 │0",
        " │ refunded                 1  14.3%            $2,000.00 │0",
        "⚑│ shipped                  1  14.3%              ¥12,000 │0",
        " │ 6 values among 7 shown orders                          │ ",
        " │ enter filter  esc back                                 │ ",
        " ╰────────────────────────────────────────────────────────╯ ",
        "                                          ¥12,000  $4,709.99",
        "enter open  / search  space mark  c advance  u undo  q quit ",
    ]
    static let customerScrolled60 = [
        "orders test.db                                    7/7 orders",
        " All 7   Pend 2   Proc 1   Ship 1   Done 1   Closed 2   +4  ",
        " ╭ Frequency: Customer ───────────────────────────────────╮l",
        " │ Value                Count  Share              Totals  │9",
        "⚑│ Bob Stone                1  14.3%              $45.00│ │0",
        " │ José García              1  14.3%             $120.00┃ │0",
        " │ Jürgen Müller            1  14.3%           $1,500.00┃ │0",
        " │ Zoë Adams                1  14.3%             $999.99┃ │0",
        " │ ana lima                 1  14.3%           $2,000.00┃ │0",
        "⚑│ 山田 太郎                1  14.3%             ¥12,000┃ │0",
        " │ 7 values among 7 shown orders                          │ ",
        " │ enter filter  esc back                                 │ ",
        " ╰────────────────────────────────────────────────────────╯ ",
        "                                          ¥12,000  $4,709.99",
        "enter open  / search  space mark  c advance  u undo  q quit ",
    ]
    static let status80 = [
        "orders test.db                                                        7/7 orders",
        " All 7   Pending 2   Processing 1   Shipped 1   Completed 1   Closed 2   +4     ",
        "    Number        Age▲ Customer                      Total Payment/Shipping     ",
        "    ORD-0000005    30m Zoë Adams                   $999.99 Voided/Unsent        ",
        "⚑   ORD-0000002     2h Jürgen Müller             $1,500.00 Paid/Unsent          ",
        "    ORD-0000003     5h 山田 太郎                   ¥12,000 Paid/Sent            ",
        " ╭ Frequency: Status ─────────────────────────────────────────────────────────╮ ",
        " │ Value                          Count  Share                         Totals │ ",
        " │ pending                            2  28.6%                        $165.00 │ ",
        "⚑│ cancelled                          1  14.3%                        $999.99 │ ",
        " │ completed                          1  14.3%                         $45.00 │ ",
        " │ processing                         1  14.3%                      $1,500.00 │ ",
        " │ refunded                           1  14.3%                      $2,000.00 │ ",
        " │ shipped                            1  14.3%                        ¥12,000 │ ",
        " │ 6 values among 7 shown orders                                              │ ",
        " │ enter filter  esc back                                                     │ ",
        " ╰────────────────────────────────────────────────────────────────────────────╯ ",
        "                                                                                ",
        "                                                                                ",
        "                                                                                ",
        "                                                                                ",
        "                                                                                ",
        "                                                              ¥12,000  $4,709.99",
        "enter open  / search  space mark  c advance  u undo  q quit  ? help  : command  ",
    ]
    static let tag200 = [
        "orders test.db                                                                                                                                                                                7/7 orders",
        " All 7   Pending 2   Processing 1   Shipped 1   Completed 1   Closed 2   To fulfil 1   Unpaid > 3 days 0   High risk 0   Mine 1                                                                         ",
        "    Number        Date ▼        Age Customer                                                                                                                  Items          Total Payment/Shipping     ",
        "    ORD-0000005   30m ago       30m Zoë Adams                                                                                                                     1        $999.99 Voided/Unsent        ",
        "⚑   ORD-0000002   2h ago         2h Jürgen Müller                                                                                                                 1      $1,500.00 Paid/Unsent          ",
        "    ORD-0000003   5h ago         5h 山田 太郎                                                                                                                     1        ¥12,000 Paid/Sent            ",
        "    ORD-0000001   yesterday     30h José García                                                                                                                   1        $120.00 Unpaid/Unsent        ",
        "    ORD-0000004   Sep 19         2d Ana Lima                                                                                                                      1         $45.00 Paid/Sent            ",
        "    ORD-0000007   Sep 19         2d Bob Stone                                                                                                                     1         $45.00 Unpaid/Unsent        ",
        "⚑   ORD-0000006   Sep 13         8d ana lima                                                                                                                      1      $2,000.00 Refunded/Unsent      ",
        "                                                                                                                                                                                                        ",
        "                                                                                                                                                                                                        ",
        "                                                                                                                                                                                                        ",
        "                                                                                                                                                                                                        ",
        "                                                                                                                                                                                                        ",
        "                                                                                                                                                                                                        ",
        "                                                                                                                                                                                                        ",
        "                                                                                                                                                                                                        ",
        "                                                                                                                                                                                                        ",
        "                                                                                                                                                                                                        ",
        "                                                                                                                                                                                                        ",
        "                                                                                                                                                                                                        ",
        "                                                                                                                                                                                                        ",
        "                                                                                                                                                                                                        ",
        "                                                                                                                                                                                                        ",
        "                                                                                                                                                                                                        ",
        "                                                ╭ Frequency: Tag ──────────────────────────────────────────────────────────────────────────────────────╮                                                ",
        "                                                │ Value                                       Count  Share                                      Totals │                                                ",
        "                                                │ (no tag)                                        5  71.4%                          ¥12,000  $4,544.99 │                                                ",
        "                                                │ vip                                             1  14.3%                                     $120.00 │                                                ",
        "                                                │ wholesale                                       1  14.3%                                      $45.00 │                                                ",
        "                                                │ 3 values among 7 shown orders (an order counts under each of its tags)                               │                                                ",
        "                                                │ enter filter  esc back                                                                               │                                                ",
        "                                                ╰──────────────────────────────────────────────────────────────────────────────────────────────────────╯                                                ",
        "                                                                                                                                                                                                        ",
        "                                                                                                                                                                                                        ",
        "                                                                                                                                                                                                        ",
        "                                                                                                                                                                                                        ",
        "                                                                                                                                                                                                        ",
        "                                                                                                                                                                                                        ",
        "                                                                                                                                                                                                        ",
        "                                                                                                                                                                                                        ",
        "                                                                                                                                                                                                        ",
        "                                                                                                                                                                                                        ",
        "                                                                                                                                                                                                        ",
        "                                                                                                                                                                                                        ",
        "                                                                                                                                                                                                        ",
        "                                                                                                                                                                                                        ",
        "                                                                                                                                                                                                        ",
        "                                                                                                                                                                                                        ",
        "                                                                                                                                                                                                        ",
        "                                                                                                                                                                                                        ",
        "                                                                                                                                                                                                        ",
        "                                                                                                                                                                                                        ",
        "                                                                                                                                                                                                        ",
        "                                                                                                                                                                                                        ",
        "                                                                                                                                                                                                        ",
        "                                                                                                                                                                                                        ",
        "                                                                                                                                                                                      ¥12,000  $4,709.99",
        "enter open  / search  space mark  c advance  u undo  q quit  ? help  : command                                                                                                                          ",
    ]
}
