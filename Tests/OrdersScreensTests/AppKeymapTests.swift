import OrdersScreens
import TermRender
import Testing

@Suite("App keymap")
struct AppKeymapTests {
    @Test("every default key name parses")
    func namesParse() throws {
        for name in AppKeymap.defaultKeyNames {
            #expect(throws: Never.self, "\(name)") { try KeyPress(name: name) }
        }
        #expect(AppKeymap.defaultKeyNames.count > 60)
    }

    @Test("no key means two things in contexts that are active together")
    func noConflicts() {
        #expect(AppKeymap.conflicts(in: AppKeymap.defaults()) == [])
    }

    @Test("a conflict between the list and the app-wide keys is found")
    func crossContextConflictDetected() throws {
        var keymaps = AppKeymap.defaults()
        // Move help onto `j`, which the list already uses for "down": only the merged check can see it.
        try keymaps.applyOverrides([GlobalAction.help: ["j"]])
        let conflicts = AppKeymap.conflicts(in: keymaps)
        #expect(conflicts.map(\.actions) == [[ListAction.down, GlobalAction.help], [DetailAction.scrollDown, GlobalAction.help]])
        #expect(conflicts.first?.key == KeyPress(.character("j")))
    }

    @Test("the brief's keys: vim and arrows, tabs, sort, marks, help and palette")
    func requiredKeys() {
        let list = AppKeymap.defaults()
        func action(_ name: String, _ contexts: [String] = [AppKeymap.Context.list, AppKeymap.Context.global]) -> String? {
            (try? KeyPress(name: name)).flatMap { list.lookup($0, in: contexts)?.action }
        }
        #expect(action("j") == ListAction.down)
        #expect(action("down") == ListAction.down)
        #expect(action("k") == ListAction.up)
        #expect(action("g") == ListAction.top)
        #expect(action("G") == ListAction.bottom)
        #expect(action("end") == ListAction.bottom)
        #expect(action("ctrl-d") == ListAction.halfDown)
        #expect(action("ctrl-u") == ListAction.halfUp)
        #expect(action("/") == ListAction.search)
        #expect(action("n") == ListAction.nextMatch)
        #expect(action("N") == ListAction.previousMatch)
        #expect(action("3") == ListAction.tab(2))
        #expect(ListAction.tabIndex(of: ListAction.tab(5)) == 5)
        #expect(action("tab") == ListAction.nextTab)
        #expect(action("s") == ListAction.cycleSort)
        #expect(action("S") == ListAction.flipSort)
        #expect(action("enter") == ListAction.open)
        #expect(action("space") == ListAction.mark)
        #expect(action("*") == ListAction.markAll)
        #expect(action("q") == ListAction.quit)
        #expect(action("?") == GlobalAction.help)
        #expect(action(":") == GlobalAction.palette)
        #expect(action("q", [AppKeymap.Context.detail, AppKeymap.Context.global]) == DetailAction.back)
        #expect(action("]", [AppKeymap.Context.detail]) == DetailAction.next)
    }

    @Test("a modal sees only its own keys; the search field sees its own and the app-wide ones")
    func contextOrder() {
        #expect(AppKeymap.contexts(screen: AppKeymap.Context.list, modal: AppKeymap.Context.confirm, searching: true)
            == [AppKeymap.Context.confirm])
        #expect(AppKeymap.contexts(screen: AppKeymap.Context.list, modal: nil, searching: true)
            == [AppKeymap.Context.search, AppKeymap.Context.global])
        #expect(AppKeymap.contexts(screen: AppKeymap.Context.detail, modal: nil, searching: false)
            == [AppKeymap.Context.detail, AppKeymap.Context.global])
    }

    @Test("footer hints come from the active bindings, innermost first, and follow overrides")
    func hintsFollowBindings() throws {
        var keymaps = AppKeymap.defaults()
        let search = AppKeymap.hints(keymaps, contexts: [AppKeymap.Context.search, AppKeymap.Context.global])
        #expect(search.map(\.key) == ["enter", "esc", "?", ":"])
        try keymaps.applyOverrides([ListAction.open: ["o"]])
        let list = AppKeymap.hints(keymaps, contexts: [AppKeymap.Context.list, AppKeymap.Context.global])
        #expect(list.first == KeyHintBar.Hint(key: "o", label: "open"))
        keymaps.setEnabled(false, for: OrderKeys.undo)
        #expect(!AppKeymap.hints(keymaps, contexts: [AppKeymap.Context.list]).contains { $0.label == "undo" })
    }

    @Test("the help text lists each screen's keys")
    func helpText() {
        let text = AppKeymap.helpText(AppKeymap.defaults())
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.first == "Order list:")
        #expect(lines.contains("  j down     Select the next order"))
        #expect(lines.contains("Order detail:"))
        #expect(lines.contains { $0.hasPrefix("  ] ") && $0.hasSuffix("Next order of the list") })
    }
}
