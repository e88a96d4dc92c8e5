import Foundation
import TerminalTestSupport
import Testing

/// The real `orders` binary on a PostgreSQL database twice at once: one whose config lowers
/// `serverListThreshold` to 50, so the server serves its list a window at a time, and one with
/// the default, which builds the in-memory index. The same keys give the same screens.
@Suite("orders on PostgreSQL: the list served by the server (tmux)", .serialized)
struct AppServerListEndToEndTests {
    @Test("rows, tab counts, the end of the list, a search and a detail look the same served by the server as from the index")
    func servedListLooksTheSame() throws {
        let url = try PostgresTestServer.shared.get().makeDatabaseURL()
        let binary = try OrdersBinary()
        let demo = try binary.run(["demo", "--count", "120", "--db", url])
        #expect(demo.status == 0, "\(demo.stderr)")
        let served = try Self.start(binary, url: url, config: #"{"serverListThreshold": 50}"#, name: "served")
        let indexed = try Self.start(binary, url: url, config: "{}", name: "indexed")
        defer {
            try? served.send("q")
            try? indexed.send("q")
        }

        func both(_ keys: [String], literal: Bool = false, until description: String,
                  _ condition: @escaping ([String]) -> Bool) throws -> [String] {
            for pane in [served, indexed] {
                for key in keys { try pane.send(key, literal: literal) }
            }
            let screens = try [served, indexed].map { try Self.settled($0, description, condition) }
            #expect(screens[0] == screens[1], "\(description): served\n\(screens[0].joined(separator: "\n"))\nindexed\n\(screens[1].joined(separator: "\n"))")
            return screens[0]
        }

        // The views' counts ("…" until counted) come a moment after the rows, on either list.
        let opened = try both([], until: "the list with every count") { screen in
            screen.contains { $0.contains("120/120 orders") } && screen.count > 1 && !screen[1].contains("…")
        }
        #expect(opened.contains { $0.contains("ORD-0000120") })
        #expect(opened[1].contains("All 120"))
        let end = try both(["G"], until: "the end of the list") { $0.contains { $0.contains("ORD-0000001") } }
        #expect(!end.contains { $0.contains("ORD-0000120") })
        _ = try both(["g"], until: "the top again") { $0.contains { $0.contains("ORD-0000120") } }
        _ = try both(["/"], until: "the search field") { $0.contains { $0.hasPrefix("/") } }
        let searched = try both(["00005"], literal: true, until: "the search's eleven orders") {
            $0.contains { $0.contains("11/120 orders") }
        }
        #expect(searched.compactMap(Self.orderID(in:)).sorted()
                == ["ORD-0000005"] + (50...59).map { "ORD-00000\($0)" })
        _ = try both(["Enter"], until: "the search kept") { $0.contains { $0.contains("11/120 orders") } }
        let detail = try both(["Enter"], until: "the detail of the selected order") {
            $0.first?.hasPrefix("ORD-00000") == true && !$0.contains { $0.hasPrefix("Loading ORD-") }
        }
        #expect(detail.first?.hasPrefix("ORD-0000059") == true, "\(detail.first ?? "")")
        _ = try both(["Escape"], until: "the list again") { $0.contains { $0.contains("11/120 orders") } }
        // `*` marks every order shown, on the served list too (read from the server: the window holds some).
        let marked = try both(["*"], until: "the eleven orders marked") { $0.contains { $0.contains("11 marked") } }
        #expect(marked.contains { $0.contains("11 marked") })
    }

    @Test("orders marked on the first page and at the end (G) are all acted on: t tags every one, u takes every tag back")
    func actionOnMarksAcrossTheList() throws {
        let url = try PostgresTestServer.shared.get().makeDatabaseURL()
        let binary = try OrdersBinary()
        // More orders than the window holds (`ServerWindow.maximumRows`), so G drops the first page.
        let demo = try binary.run(["demo", "--count", "700", "--db", url])
        #expect(demo.status == 0, "\(demo.stderr)")
        let served = try Self.start(binary, url: url, config: #"{"serverListThreshold": 50}"#, name: "served")
        defer { try? served.send("q") }
        let marked = ["ORD-0000700", "ORD-0000699", "ORD-0000001"]
        func stored(_ id: String) throws -> [String: Any] {
            let shown = try binary.run(["show", id, "--format", "json", "--db", url])
            return try JSONSerialization.jsonObject(with: Data(shown.stdout.utf8)) as? [String: Any] ?? [:]
        }
        func tags(_ id: String) throws -> [String] { try stored(id)["tags"] as? [String] ?? [] }
        func flagged(_ id: String) throws -> Bool { try stored(id)["flagged"] as? Bool ?? false }
        func waitForStored(_ description: String, _ condition: ([String]) -> Bool) throws {
            var last: [[String]] = []
            do {
                try waitUntil("the marked orders \(description)", within: .seconds(30)) {
                    last = try marked.map(tags)
                    return last.allSatisfy(condition)
                }
            } catch is WaitTimedOut {
                Issue.record("\(description): the marked orders' tags stayed \(last)")
            }
        }

        _ = try Self.settled(served, "the first page") { $0.contains { $0.contains("700/700 orders") } && $0.contains { $0.contains("ORD-0000700") } }
        try served.send("Space")
        try served.send("Space")
        _ = try served.waitFor(text: "2 marked")
        try served.send("G")
        let end = try Self.settled(served, "the end of the list") { $0.contains { $0.contains("ORD-0000001") } }
        #expect(!end.contains { $0.contains("ORD-0000700") })
        try served.send("Space")
        _ = try served.waitFor(text: "3 marked")
        try served.send("t")
        _ = try served.waitFor(text: ":tag")
        try served.send("e2e", literal: true)
        try served.send("Enter")
        _ = try served.waitFor(text: "tag e2e: 3 orders", timeout: 30)
        try waitForStored("tagged") { $0.contains("e2e") }
        try served.send("u")
        _ = try served.waitFor(text: "Undone: tag e2e", timeout: 30)
        try waitForStored("untagged") { !$0.contains("e2e") }
        // f judges every marked order (two of them not held): unless all three are flagged, it flags all three.
        let flaggedBefore = try marked.map(flagged)
        let flagging = !flaggedBefore.allSatisfy { $0 }
        try served.send("f")
        let toChange = flaggedBefore.filter { $0 != flagging }.count
        _ = try served.waitFor(text: (flagging ? "flag: " : "unflag: ") + (toChange == 1 ? "ORD-" : "\(toChange) orders"), timeout: 30)
        try waitUntil("the marked orders stored as \(flagging ? "flagged" : "unflagged")", within: .seconds(30)) {
            try marked.map(flagged) == [flagging, flagging, flagging]
        }
        #expect(try marked.map(flagged) == [flagging, flagging, flagging])
        let screen = try served.screen()
        #expect(!screen.contains { $0.contains("is not loaded") }, "\(screen.joined(separator: "\n"))")
    }

    /// `orders` on the database in a pane of its own, with its own config.
    private static func start(_ binary: OrdersBinary, url: String, config: String, name: String) throws -> TmuxPane {
        let configHome = binary.path("config-\(name)")
        try FileManager.default.createDirectory(atPath: configHome + "/orders", withIntermediateDirectories: true)
        try Data(config.utf8).write(to: URL(fileURLWithPath: configHome + "/orders/config.json"))
        let pane = TmuxPane()
        let command = ["env", "TERM=tmux-256color", OrdersBinary.url.path, "--db", url].map(TmuxPane.quote).joined(separator: " ")
        try pane.start(TmuxPane.reportingExit(command), width: 120, height: 30,
                       environment: ["TERM": "tmux-256color", "XDG_CONFIG_HOME": configHome, "HOME": binary.home.path,
                                     "ORDERS_ACTOR": "tester", "LANG": "C.UTF-8", "TZ": "UTC"])
        return pane
    }

    /// The screen once `condition` holds and two captures a moment apart agree (a frame can be caught half-written).
    private static func settled(_ pane: TmuxPane, _ description: String, _ condition: @escaping ([String]) -> Bool) throws -> [String] {
        var previous: [String] = []
        return try pane.waitFor(description, timeout: 30) { screen in
            defer { previous = screen }
            return condition(screen) && screen == previous
        }
    }

    static func orderID(in line: String) -> String? {
        guard let start = line.range(of: "ORD-")?.lowerBound else { return nil }
        let id = String(line[start...].prefix(11))
        return id.count == 11 ? id : nil
    }
}
