import Foundation
import OrdersApp
import OrdersCore
import OrdersStorage
import TerminalTestSupport
import Testing

/// `serverListThreshold` in the config: read, refused when it is not a count, and handed to the list,
/// which then serves a PostgreSQL database of at least that many orders from the server.
@Suite("Config: serverListThreshold")
@MainActor
struct ServerListConfigTests {
    @Test("a whole number is read; anything else is refused with the setting named")
    func parsing() throws {
        #expect(try AppConfig.parse(Data(#"{"serverListThreshold": 50}"#.utf8)).serverListThreshold == 50)
        #expect(try AppConfig.parse(Data("{}".utf8)).serverListThreshold == nil)
        // 0 and 1 are numbers, not booleans (Foundation on Linux bridges them to Bool).
        #expect(try AppConfig.parse(Data(#"{"serverListThreshold": 1}"#.utf8)).serverListThreshold == 1)
        #expect(try AppConfig.parse(Data(#"{"serverListThreshold": 0}"#.utf8)).serverListThreshold == 0)
        for bad in [#""50""#, "-1", "true", "false", "2.5", "1e400"] {
            #expect(throws: (any Error).self, "\(bad)") { try AppConfig.parse(Data(#"{"serverListThreshold": \#(bad)}"#.utf8)) }
        }
        do {
            _ = try AppConfig.parse(Data(#"{"serverListThreshold": "many"}"#.utf8))
            Issue.record("a text threshold was accepted")
        } catch {
            #expect("\(error)" == "serverListThreshold must be a whole number of orders like 200000")
        }
    }

    @Test("the app's list is served by the server at the config's threshold, and from the index above it")
    func appliedToTheList() async throws {
        let connectionString = try PostgresTestServer.shared.get().makeDatabase()
        let store = try PostgresOrderStore(connectionString: connectionString)
        try await store.insert(AppFixtures.sample)
        var config = AppConfig()
        config.serverListThreshold = AppFixtures.sample.count
        let served = await ShellStore.start(config: config, store: store)
        #expect(served.shell.coordinator.list.isServedByServer)
        #expect(served.shell.coordinator.list.rowCount == AppFixtures.sample.count)
        config.serverListThreshold = AppFixtures.sample.count + 1
        let indexed = await ShellStore.start(config: config, store: store)
        #expect(!indexed.shell.coordinator.list.isServedByServer)
        #expect(indexed.shell.coordinator.list.rowCount == AppFixtures.sample.count)
    }
}
