import OrdersCore
import OrdersScreens
import TermRender
import Testing

@Suite("App keymap: generated from the typed commands")
struct AppKeymapTests {
    @Test("every default key name parses")
    func namesParse() throws {
        for name in AppKeymap.defaultKeyNames {
            #expect(throws: Never.self, "\(name)") { try KeyPress(name: name) }
        }
        #expect(AppKeymap.defaultKeyNames.count > 60)
    }

    @Test("every binding of every context names a command of that context, and every command is bound")
    func bindingsAndCommandsMatch() {
        let keymaps = AppKeymap.defaults()
        var seen: [ContextCommand] = []
        for context in KeymapContext.allCases {
            let keymap = keymaps[context.rawValue]
            #expect(keymap != nil, "\(context) has a keymap")
            for binding in keymap?.bindings ?? [] {
                if context == .edit {
                    #expect(TextEditCommand(rawValue: binding.action) != nil, "\(binding.action)")
                    continue
                }
                let command = ContextCommand(context: context, id: binding.action)
                #expect(command != nil, "\(context): \(binding.action) has no command")
                if let command {
                    #expect(command.context == context)
                    #expect(binding.keyNames == command.info.keys)
                    seen.append(command)
                }
            }
        }
        #expect(seen == ContextCommand.all)
        #expect(Set(ContextCommand.all).count == ContextCommand.all.count, "no command listed twice")
    }

    @Test("no key means two things in contexts that are active together")
    func noConflicts() {
        #expect(AppKeymap.conflicts(in: AppKeymap.defaults()) == [])
    }

    @Test("a conflict between the list and the app-wide keys is found")
    func crossContextConflictDetected() throws {
        var keymaps = AppKeymap.defaults()
        // Move help onto `j`, which the list already uses for "down": only the merged check can see it.
        try keymaps.applyOverrides([AppWideCommand.help.info.id: ["j"]])
        let conflicts = AppKeymap.conflicts(in: keymaps)
        #expect(conflicts.map(\.actions) == [["list.down", "app.help"], ["detail.scroll-down", "app.help"],
                                          ["dashboard.next", "app.help"], ["rules.down", "app.help"]])
        #expect(conflicts.first?.key == KeyPress(.character("j")))
    }

    @Test("keys resolve to typed commands, innermost context first")
    func requiredKeys() {
        let keymaps = AppKeymap.defaults()
        func command(_ name: String, _ contexts: [KeymapContext] = [.list, .global]) -> ContextCommand? {
            (try? KeyPress(name: name)).flatMap { AppKeymap.command(for: $0, in: contexts, of: keymaps) }
        }
        let expected: [(String, ContextCommand)] = [
            ("j", .list(.down)), ("down", .list(.down)), ("k", .list(.up)), ("g", .list(.top)), ("G", .list(.bottom)),
            ("end", .list(.bottom)), ("ctrl-d", .list(.halfPageDown)), ("ctrl-u", .list(.halfPageUp)),
            ("/", .list(.search)), ("n", .list(.nextMatch)), ("N", .list(.previousMatch)), ("3", .list(.tab(.processing))),
            ("6", .list(.tab(.closed))), ("tab", .list(.nextTab)), ("s", .list(.cycleSort)), ("S", .list(.flipSort)),
            ("enter", .list(.open)), ("space", .list(.mark)), ("*", .list(.markAll)), ("q", .list(.quit)),
            ("x", .list(.order(.cancel))), ("?", .global(.help)), (":", .global(.palette)),
        ]
        for (key, want) in expected {
            #expect(command(key) == want, "\(key)")
        }
        #expect(command("q", [.detail, .global]) == .detail(.back))
        #expect(command("x", [.detail, .global]) == .detail(.order(.cancel)))
        #expect(command("]", [.detail]) == .detail(.next))
        #expect(command("esc", [.confirm]) == .confirm(.no))
        #expect(command("j", [.palette]) == nil)
    }

    @Test("a config override moves an order command on both screens, under the names config files use")
    func overrideAppliesEverywhere() throws {
        let (keymaps, problem) = (AppKeymap.defaults(), String?.none)
        #expect(problem == nil)
        var overridden = keymaps
        try overridden.applyOverrides(["order.cancel": ["X"], "list.mark": ["space", "m"], "field.cancel": ["ctrl-g"]])
        func command(_ name: String, _ contexts: [KeymapContext]) -> ContextCommand? {
            (try? KeyPress(name: name)).flatMap { AppKeymap.command(for: $0, in: contexts, of: overridden) }
        }
        #expect(command("X", [.list]) == .list(.order(.cancel)))
        #expect(command("X", [.detail]) == .detail(.order(.cancel)))
        #expect(command("x", [.list]) == nil)
        #expect(command("m", [.list]) == .list(.mark))
        #expect(command("ctrl-g", [.search]) == .search(.clear))
        #expect(command("ctrl-g", [.palette]) == .palette(.close))
        #expect(command("ctrl-g", [.note]) == .note(.discard))
        #expect(command("esc", [.search]) == nil)
    }

    @Test("footer hints come from the active bindings, innermost first, and follow overrides")
    func hintsFollowBindings() throws {
        var keymaps = AppKeymap.defaults()
        let search = AppKeymap.hints(keymaps, contexts: [.search, .global])
        #expect(search.map(\.key) == ["enter", "esc", "?", ":"])
        try keymaps.applyOverrides([ListScreenCommand.open.info.id: ["o"]])
        let list = AppKeymap.hints(keymaps, contexts: [.list, .global])
        #expect(list.first == KeyHintBar.Hint(key: "o", label: "open"))
        keymaps.setEnabled(false, for: OrderCommand.undo.info.id)
        #expect(!AppKeymap.hints(keymaps, contexts: [.list]).contains { $0.label == "undo" })
        #expect(AppKeymap.hints(keymaps, contexts: [.note]) == [.init(key: "ctrl-s", label: "save"),
                                                               .init(key: "enter", label: "new line"),
                                                               .init(key: "ctrl-o", label: "$EDITOR"),
                                                               .init(key: "esc", label: "close")])
        #expect(AppKeymap.hints(keymaps, contexts: [.help]) == [.init(key: "esc", label: "close"),
                                                               .init(key: "down", label: "scroll")])
    }

    @Test("the help text lists each screen's keys, the text fields' editing keys too")
    func helpText() {
        let text = AppKeymap.helpText(AppKeymap.defaults())
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.first == "Order list:")
        #expect(lines.contains("  j down        Select the next order"))
        #expect(lines.contains("  v ctrl-space  Start a range at the selected order; pressed again, mark every order from there to here"))
        #expect(lines.contains("Note editor:"))
        #expect(lines.contains { $0.hasPrefix("  ctrl-o ") && $0.hasSuffix(" Edit the note in $VISUAL or $EDITOR (else vi)") })
        #expect(lines.contains("Order detail:"))
        #expect(lines.contains { $0.hasPrefix("  ] ") && $0.hasSuffix("Next order of the list") })
        #expect(lines.contains { $0.hasPrefix("  % ") && $0.hasSuffix("Count the shown orders by a column's values (:freq COLUMN)") })
        #expect(lines.contains("Frequency sheet:"))
        #expect(lines.contains { $0.hasPrefix("  enter ") && $0.hasSuffix("Show only the orders with the selected value (added to the search)") })
        #expect(lines.contains("Text fields:"))
        #expect(lines.contains { $0.hasPrefix("  ctrl-w ") && $0.hasSuffix("Delete back to the previous space") })
    }

    @Test("text-field editing keys come from a keymap: rebinding one changes what the field does")
    func editingKeymap() throws {
        var keymaps = AppKeymap.defaults()
        try keymaps.applyOverrides([TextEditCommand.deleteToStart.rawValue: ["ctrl-x"]])
        let edit = try #require(keymaps[KeymapContext.edit.rawValue])
        var field = TextFieldState(text: "hello world")
        #expect(field.handle(.key(KeyPress(.character("u"), modifiers: .control)), keymap: edit) == .ignored)
        #expect(field.text == "hello world")
        #expect(field.handle(.key(KeyPress(.character("x"), modifiers: .control)), keymap: edit) == .handled)
        #expect(field.text == "")
    }
}
