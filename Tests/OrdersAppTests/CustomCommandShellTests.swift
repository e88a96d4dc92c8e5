import Foundation
import OrdersApp
import OrdersCore
import OrdersInterchange
import OrdersPresentation
import OrdersScreens
import OrdersStorage
import TermRender
import Testing

/// The operator's own commands on the whole app, headless: a key or `:NAME` returns the one
/// `runCommand` effect for what the screen acts on; the shell then runs a real command line by
/// /bin/sh and a real pager (`$PAGER`, here a copy of its file), and the notice says how it ended.
/// (The terminal hand-over is tested on the real binary in tmux: CustomCommandEndToEndTests.)
@Suite("Shell: your own commands")
@MainActor
struct CustomCommandShellTests {
    /// A folder for one test: the command's and the pager's files land here.
    final class Folder {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("orders-commands-\(UUID().uuidString)")
        init() { try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true) }
        deinit { try? FileManager.default.removeItem(at: url) }
        func path(_ name: String) -> String { url.appendingPathComponent(name).path }
        func read(_ name: String) -> String? { try? String(contentsOfFile: path(name), encoding: .utf8) }
        /// `$PAGER` as the app runs it (`$PAGER "$1"`): copies what it would show to page.txt.
        var pager: String { "sh -c 'cp \"$0\" \(path("page.txt"))'" }
    }

    /// A command that keeps its standard input and its ORDERS_ variables, then prints a line.
    static func recorder(_ folder: Folder, then tail: String = "echo printed $ORDERS_COUNT slips") -> String {
        "cat > \(folder.path("stdin.json")); env | grep '^ORDERS_' | sort > \(folder.path("env.txt")); \(tail)"
    }

    static func start(_ folder: Folder, _ commands: [CustomCommand]) async -> ShellStore {
        var config = AppConfig()
        config.commands = commands
        return await ShellStore.start(config: config, environment: ["PAGER": folder.pager],
                                      databaseAddress: "/srv/orders/shop.db")
    }

    static let keyK = KeyPress(.character("K"))

    /// The orders as the export writes them in JSON (`orders export --format json`).
    static func exportJSON(_ ids: [Int], from store: any OrderStore) async throws -> String {
        var exporter = OrderExporter(format: .json)
        var orders: [Order] = []
        for id in ids { orders.append(try #require(try await store.order(OrderID(id)))) }
        return exporter.prologue() + exporter.text(for: orders) + exporter.epilogue()
    }

    @Test("its key on the list runs it on the selected order: the export's JSON in, the numbers, count, database and operator in the environment, the output in the pager")
    func keyOnSelected() async throws {
        let folder = Folder()
        let slip = CustomCommand(name: "slip", key: Self.keyK, title: "Print slips", commandLine: Self.recorder(folder))
        let store = await Self.start(folder, [slip])
        let effects = store.coordinator.handle(Self.keyK)
        #expect(effects == [.runCommand(slip, targets: [OrderID(5)])])
        store.shell.perform(effects)
        await store.settleAfterward { $0.notice = "Print slips: done on 1 order" }
        #expect(folder.read("stdin.json") == (try await Self.exportJSON([5], from: store.store)))
        #expect(folder.read("env.txt") == """
            ORDERS_ACTOR=mia
            ORDERS_COUNT=1
            ORDERS_DB=/srv/orders/shop.db
            ORDERS_NUMBERS=ORD-0000005

            """)
        #expect(folder.read("page.txt") == "printed 1 slips\n")
    }

    @Test(":NAME runs it on the marked orders, and the palette offers it")
    func paletteOnMarked() async throws {
        let folder = Folder()
        let slip = CustomCommand(name: "slip", key: nil, title: "Print slips", commandLine: Self.recorder(folder))
        let store = await Self.start(folder, [slip])
        await store.send(.list(.mark)) {
            $0.list.marked = [5]
            $0.list.selected = 2
        }
        await store.send(.list(.down)) { $0.list.selected = 3 }
        await store.send(.list(.mark)) {
            $0.list.marked = [3, 5]
            $0.list.selected = 1
        }
        store.coordinator.palette.textChanged(":sli")
        let offered = store.coordinator.palette.suggestions.first
        #expect([offered?.completion, offered?.title, offered?.detail] == [":slip", ":slip", "Print slips"])
        await SavedViewCommandTests.run(store, ":slip", suggestion: 0, effects: [.runCommand(slip, targets: [OrderID(3), OrderID(5)])]) {
            $0.notice = "Print slips: done on 2 orders"
        }
        let marked = store.coordinator.list.markedIDs.map(\.number)
        #expect(folder.read("stdin.json") == (try await Self.exportJSON(marked, from: store.store)))
        #expect(folder.read("env.txt") == """
            ORDERS_ACTOR=mia
            ORDERS_COUNT=2
            ORDERS_DB=/srv/orders/shop.db
            ORDERS_NUMBERS=\(marked.map { "ORD-000000\($0)" }.joined(separator: " "))

            """)
        #expect(folder.read("page.txt") == "printed 2 slips\n")
    }

    @Test("on the detail it runs on the open order; :NAME with an argument is refused")
    func onDetail() async throws {
        let folder = Folder()
        let slip = CustomCommand(name: "slip", key: Self.keyK, title: "Print slips", commandLine: Self.recorder(folder))
        let store = await Self.start(folder, [slip])
        await store.send(.list(.open), effects: [.openOrder(OrderID(5))]) {
            $0.routes = [.list, .detail(OrderID(5))]
            $0.detail = OrderID(5)
        }
        let effects = store.coordinator.handle(Self.keyK)
        #expect(effects == [.runCommand(slip, targets: [OrderID(5)])])
        store.shell.perform(effects)
        await store.settleAfterward { $0.notice = "Print slips: done on 1 order" }
        #expect(folder.read("env.txt")?.contains("ORDERS_NUMBERS=ORD-0000005\n") == true)
        #expect(throws: PaletteError(":slip takes nothing after its name")) { try PaletteCommand.parse(":slip now", custom: ["slip"]) }
    }

    @Test("a command that prints nothing: no pager, and the notice says it is done")
    func silent() async throws {
        let folder = Folder()
        let quiet = CustomCommand(name: "touch", key: Self.keyK, title: "Touch", commandLine: "true")
        let store = await Self.start(folder, [quiet])
        let effects = store.coordinator.handle(Self.keyK)
        #expect(effects == [.runCommand(quiet, targets: [OrderID(5)])])
        store.shell.perform(effects)
        await store.settleAfterward { $0.notice = "Touch: done on 1 order" }
        #expect(folder.read("page.txt") == nil)
    }

    @Test("a failing command: its exit status in the notice, its output (made inert) in the pager")
    func fails() async throws {
        let folder = Folder()
        let failing = CustomCommand(name: "slip", key: Self.keyK, title: "Print slips",
                                    commandLine: #"printf '\033]0;owned\007no printer\r\n'; exit 3"#)
        let store = await Self.start(folder, [failing])
        store.shell.perform(store.coordinator.handle(Self.keyK))
        await store.settleAfterward { $0.notice = "Print slips failed: exit status 3" }
        #expect(folder.read("page.txt") == "\u{241B}]0;owned\u{2407}no printer\n")
    }

    @Test("a command not found: status 127, named so, and the shell's words in the pager")
    func notFound() async throws {
        let folder = Folder()
        let missing = CustomCommand(name: "slip", key: Self.keyK, title: "Print slips", commandLine: "no-such-orders-tool --all")
        let store = await Self.start(folder, [missing])
        store.shell.perform(store.coordinator.handle(Self.keyK))
        await store.settleAfterward { $0.notice = "Print slips failed: exit status 127 (command not found)" }
        #expect(folder.read("page.txt") == "sh: 2: no-such-orders-tool: not found\n")
    }

    @Test("on the dashboard it is refused with a notice; an unbound key does nothing")
    func dashboard() async {
        let folder = Folder()
        let slip = CustomCommand(name: "slip", key: Self.keyK, title: "Print slips", commandLine: "true")
        let store = await Self.start(folder, [slip])
        #expect(store.coordinator.handle(KeyPress(.character("Q"))) == [])
        await store.send(.list(.dashboard)) {
            $0.routes = [.list, .dashboard]
            $0.dashboard = "30d openByAge >7d"
        }
        #expect(store.coordinator.handle(Self.keyK) == [])
        await SavedViewCommandTests.run(store, ":slip", suggestion: 0, effects: [.expireNotice(after: .seconds(4))]) {
            $0.notice = "Run Print slips from the list or an order"
        }
    }

    @Test("the help lists them on the list, by key and :NAME, under Your commands; not on the dashboard")
    func help() async {
        let folder = Folder()
        let store = await Self.start(folder, [
            CustomCommand(name: "slip", key: Self.keyK, title: "Print slips", commandLine: "true"),
            CustomCommand(name: nil, key: KeyPress(.character("p"), modifiers: .control), title: "Carrier label", commandLine: "true"),
            CustomCommand(name: "notify", key: nil, title: "Tell the customer", commandLine: "true"),
        ])
        let ours = [HelpEntry(group: "Your commands", keys: "K :slip", help: "Print slips"),
                    HelpEntry(group: "Your commands", keys: "ctrl-p", help: "Carrier label"),
                    HelpEntry(group: "Your commands", keys: ":notify", help: "Tell the customer")]
        #expect(Array(store.coordinator.helpEntries.suffix(3)) == ours)
        await store.send(.list(.dashboard)) {
            $0.routes = [.list, .dashboard]
            $0.dashboard = "30d openByAge >7d"
        }
        #expect(!store.coordinator.helpEntries.contains { $0.group == "Your commands" })
    }

    @Test("the pager: $PAGER, else less on the PATH, else none (the output printed, Enter to go back)")
    func pagerChoice() throws {
        let folder = Folder()
        #expect(CustomCommandRun.pager(environment: ["PAGER": "most -s", "PATH": "/usr/bin"]) == "most -s")
        #expect(CustomCommandRun.pager(environment: ["PAGER": " ", "PATH": folder.url.path]) == nil)
        let less = folder.path("less")
        try Data("#!/bin/sh\n".utf8).write(to: URL(fileURLWithPath: less))
        chmod(less, 0o755)
        #expect(CustomCommandRun.pager(environment: ["PATH": "/nonexistent:\(folder.url.path)"]) == "less")
    }
}
