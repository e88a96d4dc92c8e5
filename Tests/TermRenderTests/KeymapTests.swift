import Testing
@testable import TermRender

private func key(_ name: String) -> KeyPress {
    // Test tables use only valid names; a typo fails the test loudly.
    (try? KeyPress(name: name)) ?? KeyPress(.function(99))
}

private func listKeymap() throws -> Keymap {
    Keymap(context: "list", bindings: [
        try KeyBinding(action: "list.open", keyNames: ["enter"], label: "open", help: "Open the order", group: "Orders"),
        try KeyBinding(action: "list.down", keyNames: ["j", "down"], label: "down", group: "Move",
                       showsInFooter: false),
        try KeyBinding(action: "list.complete", keyNames: ["c"], label: "complete", group: "Orders"),
        try KeyBinding(action: "list.search", keyNames: ["/"], label: "search", group: "Find"),
    ])
}

private func appKeymap() throws -> Keymap {
    Keymap(context: "app", bindings: [
        try KeyBinding(action: "app.quit", keyNames: ["q", "ctrl-c"], label: "quit", group: "App"),
        try KeyBinding(action: "app.help", keyNames: ["?", "F1"], label: "help", group: "App"),
    ])
}

/// The error `applyOverrides` throws, or nil (recorded as a failure by the caller's expectations).
private func overrideError(_ set: inout KeymapSet, _ overrides: [String: [String]]) -> KeymapOverrideError? {
    do {
        try set.applyOverrides(overrides)
        return nil
    } catch {
        return error
    }
}

@Suite("Keymaps")
struct KeymapTests {
    @Test("lookup finds the first enabled binding for a key")
    func lookup() throws {
        var keymap = try listKeymap()
        #expect(keymap.action(for: key("down")) == "list.down")
        #expect(keymap.action(for: key("j")) == "list.down")
        #expect(keymap.action(for: key("x")) == nil)
        keymap.setEnabled(false, for: "list.complete")
        #expect(keymap.action(for: key("c")) == nil)
        #expect(keymap.activeBindings.map(\.action) == ["list.open", "list.down", "list.search"])
    }

    @Test("footer and help listings come from the bindings, in order")
    func listings() throws {
        let keymap = try listKeymap()
        #expect(keymap.footerBindings.map { "\($0.keyLabel) \($0.label)" } == ["enter open", "c complete", "/ search"])
        #expect(keymap.groupedBindings.map(\.group) == ["Orders", "Move", "Find"])
        #expect(keymap.groupedBindings[0].bindings.map(\.action) == ["list.open", "list.complete"])
        #expect(keymap.binding(forAction: "list.down")?.keyLabel == "j/down")
    }

    @Test("contexts are searched innermost first")
    func contexts() throws {
        var set = KeymapSet([try listKeymap(), try appKeymap()])
        #expect(set.lookup(key("q"), in: ["list", "app"])?.action == "app.quit")
        #expect(set.lookup(key("enter"), in: ["list", "app"])?.action == "list.open")
        #expect(set.lookup(key("enter"), in: ["app"]) == nil)
        try set.applyOverrides(["list.search": ["q"]])
        #expect(set.lookup(key("q"), in: ["list", "app"])?.action == "list.search")
    }

    @Test("overrides replace keys; an empty list unbinds")
    func overrides() throws {
        var set = KeymapSet([try listKeymap(), try appKeymap()])
        try set.applyOverrides(["list.complete": ["ctrl-d", "F5"], "app.help": []])
        #expect(set["list"]?.action(for: key("ctrl-d")) == "list.complete")
        #expect(set["list"]?.action(for: key("F5")) == "list.complete")
        #expect(set["list"]?.action(for: key("c")) == nil)
        #expect(set["app"]?.action(for: key("?")) == nil)
        #expect(set["app"]?.footerBindings.map(\.action) == ["app.quit"])
    }

    @Test("bad overrides are all reported and nothing changes")
    func badOverrides() throws {
        let original = KeymapSet([try listKeymap(), try appKeymap()])
        var set = original
        let error = overrideError(&set, ["list.opne": ["o"], "list.complete": ["x", "ctrl-foo"]])
        #expect(error?.problems == [
            .invalidKey(action: "list.complete", error: KeyNameError(name: "ctrl-foo", reason: "unknown key \"foo\"")),
            .unknownAction("list.opne", suggestion: "list.open"),
        ])
        #expect(set == original)
    }

    @Test("conflicts in one context are detected and rejected as overrides")
    func conflicts() throws {
        var set = KeymapSet([try listKeymap(), try appKeymap()])
        #expect(set.conflicts.isEmpty)
        let error = overrideError(&set, ["list.complete": ["j"]])
        #expect(error?.problems == [.conflict(KeyConflict(context: "list", key: key("j"),
                                                           actions: ["list.down", "list.complete"]))])
        #expect(error?.description == "invalid key bindings:\n  - conflict: j is bound to list.down and list.complete in list")
        // The same key in different contexts is shadowing, not a conflict.
        try set.applyOverrides(["list.complete": ["q"]])
        #expect(set.conflicts.isEmpty)
    }
}
