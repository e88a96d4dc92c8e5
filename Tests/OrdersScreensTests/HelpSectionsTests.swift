@testable import OrdersScreens
import TermRender
import Testing

/// Filtering and grouping of the help overlay's bindings.
@Suite("Help sections")
struct HelpSectionsTests {
    static let entries = helpEntries([
        (group: "Orders", keys: "c", help: "Cancel the order"),
        (group: "Navigation", keys: "Enter", help: "Open the order"),
        (group: "Orders", keys: "f", help: "Flag or unflag"),
        (group: "Search", keys: "Ctrl-R", help: "Résumé of saved searches"),
    ])

    @Test("no filter: every binding, groups in first-seen order, bindings in given order")
    func unfiltered() {
        let sections = HelpSections(entries: Self.entries, filter: "  ")
        #expect(sections.sections.map(\.group) == ["Orders", "Navigation", "Search"])
        #expect(sections.sections[0].entries.map(\.keys) == ["c", "f"])
        #expect(sections.shownCount == 4)
        #expect(sections.totalCount == 4)
        #expect(sections.countText == "4/4")
        #expect(sections.rowCount == 3 + 4 + 2)
        #expect(sections.keysWidth == 6)
    }

    @Test("filter", arguments: [
        ("OPEN", ["Enter"]),                // case-insensitive, in help text
        ("order", ["c", "f", "Enter"]),     // the "Orders" group matches as a whole
        ("resume", ["Ctrl-R"]),             // accent-insensitive
        ("navigation", ["Enter"]),          // the group name matches too
        ("ctrl", ["Ctrl-R"]),               // the keys match too
        ("open order", ["Enter"]),          // every word must match
        ("order open", ["Enter"]),          // in any order
        ("zzz", []),
    ])
    func filter(text: String, keys: [String]) {
        let sections = HelpSections(entries: Self.entries, filter: text)
        #expect(sections.sections.flatMap { $0.entries.map(\.keys) } == keys)
        #expect(sections.shownCount == keys.count)
        #expect(sections.totalCount == 4)
        // The keys column keeps its width while filtering.
        #expect(sections.keysWidth == 6)
    }

    @Test("nothing at all: no sections, no rows")
    func empty() {
        let sections = HelpSections(entries: [], filter: "")
        #expect(sections.sections.isEmpty)
        #expect(sections.rowCount == 0)
        #expect(sections.keysWidth == 0)
    }
}

/// Help entries made from the app's keymaps, the data the help overlay is generated from.
@Suite("Help entries from keymaps")
struct HelpEntryKeymapTests {
    @Test("the screen's bindings then the app-wide ones, grouped, each action once, keys as config names")
    func fromKeymaps() throws {
        var keymaps = AppKeymap.defaults()
        try keymaps.applyOverrides(["order.cancel": ["X"]])
        keymaps.setEnabled(false, for: "list.refresh")
        let entries = AppKeymap.helpEntries(keymaps, contexts: [.detail, .global])
        #expect(entries.map(\.group) == Array(repeating: "Move", count: 13) + Array(repeating: "Act on orders", count: 15)
            + Array(repeating: "App", count: 6))
        #expect(entries.prefix(2) == [
            HelpEntry(group: "Move", keys: "esc q", help: "Back to the list"),
            HelpEntry(group: "Move", keys: "]", help: "Next order of the list"),
        ])
        #expect(entries.contains(HelpEntry(group: "Act on orders", keys: "X", help: "Cancel (asks first)")))
        #expect(entries.last == HelpEntry(group: "App", keys: "ctrl-z", help: "Suspend to the shell (fg resumes, fully redrawn)"))
        let list = AppKeymap.helpEntries(keymaps, contexts: [.list, .global])
        #expect(!list.contains { $0.help == "Reload every order from the database" }, "a disabled binding is not listed")
    }
}
