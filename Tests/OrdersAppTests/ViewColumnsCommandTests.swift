import Foundation
import OrdersApp
import OrdersCore
import OrdersPresentation
import OrdersScreens
import OrdersStorage
import TermRender
import Testing

/// `:columns` on the whole app: choosing the list's columns (completed, refused naming the known
/// ones), saving them with a view, a status tab going back to every column, the view bringing its
/// columns back, and changing a shown view's columns then saving it again (asked first). Each step
/// with the whole shell state (the list's shown columns included) and its effects.
@Suite("Shell: a view's columns")
@MainActor
struct ViewColumnsCommandTests {
    static let every: [ListColumn] = [.number, .date, .age, .customer, .items, .total, .status]

    /// At 80 columns the table drops Date and Items: `s` walks the columns on screen, in their
    /// order, and reaches Age (which sorts by the date); the widths come from the table's own rule.
    @Test("s cycles through the columns on screen at the width, Age among them; :sort age sorts by the date")
    func sortCycleFollowsTheWidth() async throws {
        let store = await ShellStore.start(size: Size(width: 80, height: 24))
        #expect(OrderListScreen.columnsOnScreen(of: store.coordinator.list, width: 80) == [.number, .age, .customer, .total, .status])
        #expect(OrderListScreen.columnsOnScreen(of: store.coordinator.list, width: 200) == Self.every)
        let byCustomer = [4, 6, 7, 1, 2, 5, 3]
        await store.send(.list(.cycleSort), effects: [ShellCommandTests.notice]) {
            $0.list.sort = OrderSort(.customer)
            $0.list.shown = byCustomer
            $0.notice = "Sorted by customer"
        }
        await store.send(.list(.cycleSort), effects: [ShellCommandTests.notice]) {
            $0.list.sort = OrderSort(.total)
            $0.list.shown = [3, 6, 2, 5, 1, 4, 7]
            $0.notice = "Sorted by total"
        }
        await store.send(.list(.cycleSort), effects: [ShellCommandTests.notice]) {
            $0.list.sort = OrderSort(.status)
            $0.list.shown = [1, 7, 2, 3, 4, 5, 6]
            $0.notice = "Sorted by status"
        }
        await store.send(.list(.cycleSort), effects: [ShellCommandTests.notice]) {
            $0.list.sort = OrderSort(.id)
            $0.list.shown = [1, 2, 3, 4, 5, 6, 7]
            $0.notice = "Sorted by number"
        }
        await store.send(.list(.cycleSort), effects: [ShellCommandTests.notice]) {
            $0.list.sort = OrderSort(.date)
            $0.list.shown = [5, 2, 3, 1, 4, 7, 6]
            $0.notice = "Sorted by age"
        }
        #expect(try OrderSort(parsing: "age") == OrderSort(.date))
        #expect(try OrderSort(parsing: "age:asc") == OrderSort(.date, ascending: false), "youngest first")
        #expect(try OrderSort(field: "AGE", direction: "desc") == OrderSort(.date, ascending: true), "oldest first")
        #expect(try OrderSort(parsing: "number:desc") == OrderSort(.id, ascending: false))
    }

    @Test(":columns chooses the columns, :save keeps them, a status tab shows every column, the view brings them back")
    func chooseSaveLeaveAndComeBack() async throws {
        let store = await ShellStore.start()
        #expect(store.coordinator.list.shownColumns == Self.every)
        await SavedViewCommandTests.run(store, ":columns number,total", suggestion: 0, effects: [ShellCommandTests.notice]) {
            $0.list.columns = [.number, .total]
            $0.notice = "Columns: number, total"
        }
        await SavedViewCommandTests.run(store, ":save Narrow", suggestion: nil)
        #expect(SavedViewCommandTests.tabs(store) == SavedViewCommandTests.defaults + [" Narrow 7 [selected]"])
        let saved = try #require(try await (store.store as? any ViewStore)?.savedViews().last)
        #expect([saved.name, saved.query, saved.sort] == ["Narrow", "", "date:desc"])
        #expect(saved.columns == ["number", "total"])

        // A status tab leaves the view: every column again.
        await store.send(.list(.tab(.pending))) {
            $0.list.tab = .pending
            $0.list.shown = [1, 7]
            $0.list.selected = 1
            $0.list.columns = Self.every
        }
        // The view's tab (Tab from the last status tab steps through the views) brings its columns back.
        await SavedViewCommandTests.run(store, ":view narrow", suggestion: 0) {
            $0.list.tab = .all
            $0.list.shown = [5, 2, 3, 1, 4, 7, 6]
            $0.list.columns = [.number, .total]
        }
        #expect(SavedViewCommandTests.tabs(store).last == " Narrow 7 [selected]")

        // Other columns on the shown view, saved again under its name: asked first, then replaced.
        await SavedViewCommandTests.run(store, ":columns customer total number", suggestion: nil,
                                        effects: [ShellCommandTests.notice]) {
            $0.list.columns = [.customer, .total, .number]
            $0.notice = "Columns: customer, total, number"
        }
        // Other columns leave the view, as another sort does; its name still asks before replacing.
        #expect(store.coordinator.views?.selectedView == nil)
        let replace = PendingConfirmation.about(.replace(name: "Narrow", personal: false), request: ConfirmationRequest(
            title: "Replace the view Narrow?", message: "It will show the current search, sort and columns, for everyone on this database.",
            confirmLabel: "Replace"))
        await ShellCommandTests.openPalette(store, typing: ":save Narrow", suggestion: nil)
        await store.send(.palette(.run)) {
            $0.modal = .confirm(replace)
            $0.paletteText = ""
            $0.paletteSuggestion = 0
        }
        await store.send(.confirm(.yes)) { $0.modal = nil }
        #expect(try await (store.store as? any ViewStore)?.savedViews().last?.columns == ["customer", "total", "number"])
        #expect(SavedViewCommandTests.tabs(store).last == " Narrow 7 [selected]")

        // `s` walks through the shown columns' sorts, in their order (customer, total, number), round again.
        let byCustomer = [4, 6, 7, 1, 2, 5, 3]
        await store.send(.list(.cycleSort), effects: [ShellCommandTests.notice]) {
            $0.list.sort = OrderSort(.customer)
            $0.list.shown = byCustomer
            $0.list.selected = 1
            $0.notice = "Sorted by customer"
        }
        await store.send(.list(.cycleSort), effects: [ShellCommandTests.notice]) {
            $0.list.sort = OrderSort(.total)
            $0.list.shown = [3, 6, 2, 5, 1, 4, 7]
            $0.notice = "Sorted by total"
        }
        await store.send(.list(.cycleSort), effects: [ShellCommandTests.notice]) {
            $0.list.sort = OrderSort(.id)
            $0.list.shown = [1, 2, 3, 4, 5, 6, 7]
            $0.notice = "Sorted by number"
        }
        await store.send(.list(.cycleSort), effects: [ShellCommandTests.notice]) {
            $0.list.sort = OrderSort(.customer)
            $0.list.shown = byCustomer
            $0.notice = "Sorted by customer"
        }

        // `:columns` alone is the standard columns again.
        await SavedViewCommandTests.run(store, ":columns", suggestion: 0, effects: [ShellCommandTests.notice]) {
            $0.list.columns = Self.every
            $0.notice = "Standard columns: number, date, age, customer, items, total, status"
        }
    }

    @Test(":columns completes the names not yet chosen and refuses an unknown one, naming the known ones")
    func completionAndRefusal() async throws {
        let store = await ShellStore.start()
        await ShellCommandTests.openPalette(store, typing: ":columns ", suggestion: 0)
        #expect(store.coordinator.palette.suggestions.map(\.title)
            == ["all", "standard", "number", "date", "age", "customer", "items", "total", "status", "due", "assignee", "tags",
                "country", "source", "outstanding"])
        store.coordinator.palette.textChanged(":columns number,total,")
        #expect(store.coordinator.palette.suggestions.map(\.completion) == [
            ":columns number,total,date", ":columns number,total,age", ":columns number,total,customer",
            ":columns number,total,items", ":columns number,total,status", ":columns number,total,due",
            ":columns number,total,assignee", ":columns number,total,tags", ":columns number,total,country",
            ":columns number,total,source", ":columns number,total,outstanding",
        ])
        store.coordinator.palette.textChanged(":columns number,cus")
        #expect(store.coordinator.palette.suggestions.map(\.completion) == [":columns number,customer"])

        // An unknown column: the palette stays open with its text and says which columns there are.
        store.coordinator.palette.textChanged(":columns number,colour")
        await store.send(.palette(.run)) {
            // The cursor stays where typing left it (the text was set directly).
            $0.modal = .commandPalette(cursor: ":columns ".count)
            $0.paletteText = ":columns number,colour"
            $0.paletteSuggestion = nil
        }
        #expect(store.coordinator.palette.error
            == ":columns: unknown column \"colour\"; the columns are number, date, age, customer, items, total, status, due, assignee, tags, country, source, outstanding (or standard, or all)")
        #expect(store.coordinator.list.shownColumns == Self.every)
        #expect(PaletteCommandSpec.all.contains { $0.name == "columns" && $0.arguments == "[COLUMN,…|all]" })
        #expect(try PaletteCommand.parse(":columns standard") == .columns(nil))
        #expect(try PaletteCommand.parse(":columns all") == .columns(ListColumn.allCases))
    }

    @Test(":columns due without a promise is refused: there is nothing to be due against")
    func dueWithoutAPromise() async {
        let store = await ShellStore.start()
        await SavedViewCommandTests.run(store, ":columns due", suggestion: 0, effects: [ShellCommandTests.notice]) {
            $0.notice = "The Due column shows only with a fulfilment promise in the config"
        }
    }
}
