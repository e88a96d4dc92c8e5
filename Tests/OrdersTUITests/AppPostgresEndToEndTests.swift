import Foundation
import TerminalTestSupport
import Testing

/// The real `orders` binary on a PostgreSQL database of the tests' own server, named by URL.
@Suite("orders on PostgreSQL (tmux)", .serialized)
struct AppPostgresEndToEndTests {
    @Test("demo fills a server database, and the app opens on it showing its orders and the URL without its password")
    func appShowsTheServersOrders() throws {
        let url = try PostgresTestServer.shared.get().makeDatabaseURL()
        let binary = try OrdersBinary()
        let migrated = try binary.run(["migrate", "--db", url])
        #expect(migrated.status == 0, "\(migrated.stderr)")
        #expect(migrated.stdout == "The database \(url) is up to date.\n")
        let demo = try binary.run(["demo", "--count", "40", "--db", url])
        #expect(demo.status == 0, "\(demo.stderr)")
        #expect(demo.stdout == "Created 40 demo orders in \(url).\n")
        // libpq is handed the password (the test server trusts its user and ignores it); nothing shows it.
        let withPassword = url + "&password=hunter2"
        let listed = try binary.run(["list", "--db", withPassword, "--limit", "3"])
        #expect(listed.status == 0, "\(listed.stderr)")
        #expect(!listed.stdout.contains("hunter2") && !listed.stderr.contains("hunter2"))
        // A header, the three newest orders, the count.
        let lines = listed.stdout.split(separator: "\n").map(String.init)
        #expect(lines.dropFirst().map { $0.split(separator: " ").first.map(String.init) ?? "" }
                == ["ORD-0000040", "ORD-0000039", "ORD-0000038", "3"], "\(listed.stdout)")
        #expect(lines.last == "3 of 40 matching orders")

        // ORDERS_DB, then "database" in the config, name the same server when --db does not.
        let viaEnvironment = try binary.run(["list", "--limit", "3"], environment: ["ORDERS_DB": url])
        #expect(viaEnvironment.status == 0, "\(viaEnvironment.stderr)")
        #expect(viaEnvironment.stdout == listed.stdout)
        let configFolder = binary.path("config") + "/orders"
        try FileManager.default.createDirectory(atPath: configFolder, withIntermediateDirectories: true)
        try Data(#"{"database": "\#(url)"}"#.utf8).write(to: URL(fileURLWithPath: configFolder + "/config.json"))
        let viaConfig = try binary.run(["list", "--limit", "3"], environment: ["XDG_CONFIG_HOME": binary.path("config")])
        #expect(viaConfig.status == 0, "\(viaConfig.stderr)")
        #expect(viaConfig.stdout == listed.stdout)

        let pane = TmuxPane()
        defer { try? pane.send("q") }
        let command = ["env", "TERM=tmux-256color", OrdersBinary.url.path, "--db", withPassword]
            .map(TmuxPane.quote).joined(separator: " ")
        try pane.start(TmuxPane.reportingExit(command), width: 200, height: 30,
                       environment: ["TERM": "tmux-256color", "XDG_CONFIG_HOME": binary.path("config"), "HOME": binary.home.path,
                                     "ORDERS_ACTOR": "tester", "LANG": "C.UTF-8"])
        let screen = try pane.waitFor(text: "40/40 orders", timeout: 30)
        #expect(screen.first?.hasPrefix("orders \(url)") == true, "\(screen.first ?? "")")
        #expect(!screen.joined(separator: "\n").contains("hunter2"))
        #expect(screen.contains { $0.contains("ORD-0000040") })
    }
}
