import Foundation
import OrdersApp
import OrdersCore
import TermRender
import Testing

/// `"commands"` in the config: the operator's own commands, read whole, and each mistake refused
/// with its own sentence; a key a built-in command has where commands run refuses the config
/// (the app then starts on the defaults and shows the sentence, as for any broken config).
@Suite("Config: your own commands")
struct CustomCommandConfigTests {
    static func parse(_ json: String) throws -> AppConfig {
        try AppConfig.parse(Data(json.utf8))
    }

    /// The sentence `parse` refuses `json` with, or nil when it reads it.
    static func refusal(_ json: String) -> String? {
        do {
            _ = try parse(json)
            return nil
        } catch {
            return "\(error)"
        }
    }

    @Test("commands with a key, a name or both are read whole, in order, names in lower case")
    func reads() throws {
        let config = try Self.parse("""
            {"commands": [
              {"name": "slip", "key": "ctrl-p", "title": "Print packing slips", "run": "print-slips --tray 2 | lp"},
              {"key": "K", "title": "Carrier label", "run": "label \\"$ORDERS_NUMBERS\\""},
              {"name": "Notify-Customer", "title": "Tell the customer", "run": "notify"}
            ]}
            """)
        var expected = AppConfig()
        expected.commands = [
            CustomCommand(name: "slip", key: KeyPress(.character("p"), modifiers: .control), title: "Print packing slips",
                          commandLine: "print-slips --tray 2 | lp"),
            CustomCommand(name: nil, key: KeyPress(.character("K")), title: "Carrier label",
                          commandLine: #"label "$ORDERS_NUMBERS""#),
            CustomCommand(name: "notify-customer", key: nil, title: "Tell the customer", commandLine: "notify"),
        ]
        #expect(config == expected)
        #expect(try Self.parse(#"{"commands": []}"#) == AppConfig())
    }

    @Test("a key the config's own \"keys\" freed is free; one it gave a built-in command clashes")
    func keysOverridesCount() throws {
        let freed = try Self.parse("""
            {"keys": {"order.complete": ["C"]}, "commands": [{"key": "c", "title": "Slip", "run": "slip"}]}
            """)
        #expect(freed.commands == [CustomCommand(name: nil, key: KeyPress(.character("c")), title: "Slip", commandLine: "slip")])
        #expect(Self.refusal("""
            {"keys": {"order.complete": ["K"]}, "commands": [{"key": "K", "title": "Slip", "run": "slip"}]}
            """) == #"commands[0].key "K" is already order.complete ("advance") on the list; choose another key, or give that one another under "keys""#)
    }

    @Test("every refusal, in its own words")
    func refusals() {
        let cases: [(String, String)] = [
            (#"{"commands": {"name": "slip"}}"#,
             #"commands must be a list of commands like [{"name": "slip", "key": "ctrl-p", "title": "Packing slips", "run": "print-slips"}]"#),
            (#"{"commands": ["slip"]}"#,
             #"commands[0] must be an object like {"name": "slip", "key": "ctrl-p", "title": "Packing slips", "run": "print-slips"}"#),
            (#"{"commands": [{"name": "slip", "title": "Slip", "run": "slip", "args": []}]}"#,
             #"commands[0] has an unknown field "args" (known: key, name, run, title)"#),
            (#"{"commands": [{"name": "slip", "run": "slip"}]}"#, "commands[0].title must be text saying what the command does"),
            (#"{"commands": [{"name": "slip", "title": " ", "run": "slip"}]}"#, "commands[0].title must be text saying what the command does"),
            (#"{"commands": [{"name": "slip", "title": "Slip"}]}"#, "commands[0].run must be a shell command line"),
            (#"{"commands": [{"name": "slip", "title": "Slip", "run": 3}]}"#, "commands[0].run must be a shell command line"),
            (#"{"commands": [{"title": "Slip", "run": "slip"}]}"#, #"commands[0] needs a "key" or a "name" (or both) to be run by"#),
            (#"{"commands": [{"name": "packing slip", "title": "Slip", "run": "slip"}]}"#,
             #"commands[0].name must be a word of letters, digits and dashes, like "packing-slip""#),
            (#"{"commands": [{"name": "2slip", "title": "Slip", "run": "slip"}]}"#,
             #"commands[0].name must be a word of letters, digits and dashes, like "packing-slip""#),
            (#"{"commands": [{"name": "Export", "title": "Slip", "run": "slip"}]}"#,
             #"commands[0].name "Export" is already the palette's :export"#),
            (#"{"commands": [{"name": "q", "title": "Slip", "run": "slip"}]}"#, #"commands[0].name "q" is already the palette's :q"#),
            (#"{"commands": [{"key": 5, "title": "Slip", "run": "slip"}]}"#,
             #"commands[0].key must be a key name like "ctrl-p" or "K""#),
            (#"{"commands": [{"key": "hyper-p", "title": "Slip", "run": "slip"}]}"#,
             #"commands[0].key: invalid key "hyper-p": unknown modifier "hyper" (use ctrl, alt or shift)"#),
            (#"{"commands": [{"name": "a", "title": "A", "run": "a"}, {"name": "A", "title": "B", "run": "b"}]}"#,
             #"commands[1].name "a" is already the name of commands[0]"#),
            (#"{"commands": [{"key": "K", "title": "A", "run": "a"}, {"key": "K", "title": "B", "run": "b"}]}"#,
             #"commands[1].key "K" is already the key of commands[0]"#),
            // The clashes: a list key, a detail-only key, an app-wide key.
            (#"{"commands": [{"key": "c", "title": "Slip", "run": "slip"}]}"#,
             #"commands[0].key "c" is already order.complete ("advance") on the list; choose another key, or give that one another under "keys""#),
            (#"{"commands": [{"key": "]", "title": "Slip", "run": "slip"}]}"#,
             #"commands[0].key "]" is already detail.next ("next") on the detail; choose another key, or give that one another under "keys""#),
            (#"{"commands": [{"key": "ctrl-l", "title": "Slip", "run": "slip"}]}"#,
             #"commands[0].key "ctrl-l" is already app.redraw ("redraw") everywhere; choose another key, or give that one another under "keys""#),
        ]
        for (json, message) in cases {
            #expect(Self.refusal(json) == message, "\(json)")
        }
    }

    @Test("a refused config is reported by load with its path, and the defaults are used")
    func loadReports() throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("orders-config-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        try FileManager.default.createDirectory(at: home.appendingPathComponent("orders"), withIntermediateDirectories: true)
        let path = home.appendingPathComponent("orders/config.json").path
        try Data(#"{"mouse": false, "commands": [{"key": "q", "title": "Slip", "run": "slip"}]}"#.utf8)
            .write(to: URL(fileURLWithPath: path))
        let (config, problem) = AppConfig.load(environment: ["XDG_CONFIG_HOME": home.path])
        #expect(config == AppConfig())
        #expect(problem == "config \(path): commands[0].key \"q\" is already list.quit (\"quit\") on the list; "
            + "choose another key, or give that one another under \"keys\"; using defaults")
    }
}
