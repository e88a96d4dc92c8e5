import Foundation
import OrdersApp
import OrdersCore
import OrdersScreens
import TermRender
import Testing

/// The frequency sheet on the whole app (VisiData's Shift-F, on `%` here: `F` is "flagged only"):
/// `%` asks for the column in the palette (`:freq COLUMN`, completed), the sheet counts the list as
/// shown (search, tab), Enter adds the selected value's term to the search, Esc leaves the list as it was.
/// The sample list shows 5, 2, 3, 1, 4, 7, 6 (newest first).
@Suite("Shell: the frequency sheet")
@MainActor
struct FrequencySheetTests {
    /// The sample's statuses, worked out by hand: pending 1 and 7 (US$120 + US$45 = US$165), then one
    /// each, by name: cancelled 5 (US$999.99), completed 4 (US$45), processing 2 (US$1,500),
    /// refunded 6 (US$2,000), shipped 3 (JP¥12,000).
    static let statusTable = FrequencyTable(field: .status, rows: [
        FrequencyRow(value: "pending", count: 2, totals: ["USD": 165]),
        FrequencyRow(value: "cancelled", count: 1, totals: ["USD": Decimal(string: "999.99")!]),
        FrequencyRow(value: "completed", count: 1, totals: ["USD": 45]),
        FrequencyRow(value: "processing", count: 1, totals: ["USD": 1500]),
        FrequencyRow(value: "refunded", count: 1, totals: ["USD": 2000]),
        FrequencyRow(value: "shipped", count: 1, totals: ["JPY": 12000]),
    ], orderCount: 7)

    static func sheet(selected: Int) -> Modal {
        .frequency(FrequencySheetState(field: .status, table: statusTable, selected: selected))
    }

    /// `:freq status` run from the palette: the sheet, counted.
    static func openStatus(_ store: ShellStore) async {
        await ShellCommandTests.openPalette(store, typing: ":freq status", suggestion: 0)
        await store.send(.palette(.run), effects: [.countFrequency(.status)]) {
            $0.modal = sheet(selected: 0)
            $0.paletteText = ""
            $0.paletteSuggestion = 0
        }
    }

    static func atBottom(_ store: ShellStore) async {
        await openStatus(store)
        await store.send(.frequency(.bottom)) { $0.modal = sheet(selected: 5) }
    }

    /// What each of the sheet's keys does, for the every-command test (ShellCommandTests).
    static func expectation(for command: FrequencySheetCommand) -> ShellCommandTests.Expectation {
        switch command {
        case .down: return .init(setup: openStatus) { $0.modal = sheet(selected: 1) }
        case .up:
            return .init(setup: { await openStatus($0); await $0.send(.frequency(.down)) { $0.modal = sheet(selected: 1) } }) {
                $0.modal = sheet(selected: 0)
            }
        case .top: return .init(setup: atBottom) { $0.modal = sheet(selected: 0) }
        case .bottom: return .init(setup: openStatus) { $0.modal = sheet(selected: 5) }
        // A page (15 rows at 100x24) is more than the six values: to the last, and back to the first.
        case .pageDown: return .init(setup: openStatus) { $0.modal = sheet(selected: 5) }
        case .pageUp: return .init(setup: atBottom) { $0.modal = sheet(selected: 0) }
        case .filter:
            return .init(setup: openStatus) {
                $0.modal = nil
                $0.list.search = "status:pending"
                $0.list.shown = [1, 7]
                $0.list.selected = 1
            }
        case .close: return .init(setup: openStatus) { $0.modal = nil }
        }
    }

    @Test("% asks for the column in the palette, which offers every field; an unknown one is refused with the known ones")
    func asksForTheColumn() async {
        let store = await ShellStore.start()
        await store.type("%") {
            $0.modal = .commandPalette(cursor: 6)
            $0.paletteText = ":freq "
            $0.paletteSuggestion = 0
        }
        #expect(store.coordinator.palette.suggestions.map(\.title)
            == ["status", "payment", "fulfilment", "customer", "country", "source", "assignee", "tag"])
        await store.type("cus") {
            $0.modal = .commandPalette(cursor: 9)
            $0.paletteText = ":freq cus"
        }
        #expect(store.coordinator.palette.suggestions.map(\.completion) == [":freq customer"])
        store.coordinator.palette.textChanged(":freq colour")
        #expect(store.coordinator.palette.submit() == nil)
        #expect(store.coordinator.palette.error
            == ":freq counts by status, payment, fulfilment, customer, country, source, assignee, tag; got \"colour\"")
    }

    @Test("over the current search and tab: Enter adds the value's term to the search, which stays editable; Esc leaves the list as it was")
    func overTheSearchAndTab() async {
        let store = await ShellStore.start()
        await store.send(.list(.nextTab)) {
            $0.list.tab = .pending
            $0.list.shown = [1, 7]
            $0.list.selected = 1
        }
        await ShellCommandTests.openPalette(store, typing: ":freq customer", suggestion: 0)
        let customers = FrequencyTable(field: .customer, rows: [
            FrequencyRow(value: "Bob Stone", count: 1, totals: ["USD": 45]),
            FrequencyRow(value: "José García", count: 1, totals: ["USD": 120]),
        ], orderCount: 2)
        await store.send(.palette(.run), effects: [.countFrequency(.customer)]) {
            $0.modal = .frequency(FrequencySheetState(field: .customer, table: customers))
            $0.paletteText = ""
            $0.paletteSuggestion = 0
        }
        await store.send(.frequency(.close)) { $0.modal = nil }
        await store.send(.list(.frequency)) {
            $0.modal = .commandPalette(cursor: 6)
            $0.paletteText = ":freq "
        }
        store.coordinator.palette.textChanged(":freq customer")
        await store.send(.palette(.run), effects: [.countFrequency(.customer)]) {
            $0.modal = .frequency(FrequencySheetState(field: .customer, table: customers))
            $0.paletteText = ""
        }
        await store.send(.frequency(.down)) { $0.modal = .frequency(FrequencySheetState(field: .customer, table: customers, selected: 1)) }
        await store.send(.frequency(.filter)) {
            $0.modal = nil
            $0.list.search = #"customer:"José García""#
            $0.list.shown = [1]
        }
        // Refining again adds to the search as typed.
        await ShellCommandTests.openPalette(store, typing: ":freq tag", suggestion: 0)
        let tags = FrequencyTable(field: .tag, rows: [FrequencyRow(value: "vip", count: 1, totals: ["USD": 120])], orderCount: 1)
        await store.send(.palette(.run), effects: [.countFrequency(.tag)]) {
            $0.modal = .frequency(FrequencySheetState(field: .tag, table: tags))
            $0.paletteText = ""
        }
        await store.send(.frequency(.filter)) {
            $0.modal = nil
            $0.list.search = #"customer:"José García" tag:vip"#
        }
    }

    @Test("a value the search cannot name (orders without a tag) is not filtered, and the notice says so")
    func unnamedValue() async {
        let store = await ShellStore.start()
        await ShellCommandTests.openPalette(store, typing: ":freq tag", suggestion: 0)
        // Five of the seven orders have no tag; 1 is vip, 4 wholesale.
        let tags = FrequencyTable(field: .tag, rows: [
            FrequencyRow(value: nil, count: 5, totals: ["USD": Decimal(string: "4544.99")!, "JPY": 12000]),
            FrequencyRow(value: "vip", count: 1, totals: ["USD": 120]),
            FrequencyRow(value: "wholesale", count: 1, totals: ["USD": 45]),
        ], orderCount: 7)
        await store.send(.palette(.run), effects: [.countFrequency(.tag)]) {
            $0.modal = .frequency(FrequencySheetState(field: .tag, table: tags))
            $0.paletteText = ""
            $0.paletteSuggestion = 0
        }
        await store.send(.frequency(.filter), effects: [ShellCommandTests.notice]) {
            $0.notice = "The search cannot name (no tag) (tag); nothing filtered"
        }
    }
}
