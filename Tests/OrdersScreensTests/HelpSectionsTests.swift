@testable import OrdersScreens
import TermRender
import Testing

/// Filtering and grouping of the help overlay's bindings.
@Suite("Help sections")
struct HelpSectionsTests {
    static let entries = HelpEntry.list([
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
    @Test("enabled bindings in order, key labels, help or label, a group for ungrouped ones")
    func fromKeymaps() throws {
        var list = Keymap(context: "list", bindings: [
            try KeyBinding(action: "list.down", keyNames: ["j", "down"], label: "down", help: "Move down", group: "Navigation"),
            try KeyBinding(action: "list.flag", keyNames: ["f"], label: "flag", group: "Orders"),
            try KeyBinding(action: "list.hidden", keyNames: ["x"], label: "hidden", help: "Never shown", group: "Orders"),
            KeyBinding(action: "list.unbound", keys: [], label: "unbound", help: "No key yet", group: "Orders"),
        ])
        list.setEnabled(false, for: "list.hidden")
        let app = Keymap(context: "app", bindings: [try KeyBinding(action: "app.quit", keyNames: ["q"], label: "quit", help: "Quit")])
        let entries = HelpEntry.entries(from: [list, app])
        #expect(entries == [
            HelpEntry(group: "Navigation", keys: "j/down", help: "Move down"),
            HelpEntry(group: "Orders", keys: "f", help: "flag"),
            HelpEntry(group: "General", keys: "q", help: "Quit"),
        ])
    }
}
