import Foundation
import OrdersCore
import Testing

/// `orders views` and `orders list --view` read a view of `overdue` with the config's fulfilment
/// promise, as `--search` and the app do (on the real binary).
@Suite("orders views and list --view with a fulfilment promise")
final class CLIViewsPromiseTests {
    let fixture: CLIViewsTests

    init() throws {
        fixture = try CLIViewsTests()
    }

    @Test func aViewOfOverdueCountsAndListsTheLateOrders() throws {
        let db = try fixture.database()
        let configFolder = fixture.configHome + "/orders"
        try FileManager.default.createDirectory(atPath: configFolder, withIntermediateDirectories: true)
        try #"{"fulfilmentPromise": {"within": "2d", "timeZone": "UTC"}}"#
            .write(toFile: configFolder + "/config.json", atomically: true, encoding: .utf8)
        try #"{"views": [{"name": "Late", "query": "overdue", "sort": "date:asc"}]}"#
            .write(toFile: configFolder + "/views.json", atomically: true, encoding: .utf8)
        let environment = ["XDG_CONFIG_HOME": fixture.configHome, "ORDERS_ACTOR": "alice"]
        // The fixture's open orders were made on 10, 20 and 21 November 2026: all late by 24 November
        // with two days to ship; #4 has shipped.
        let views = try fixture.cli.run(["views", "--db", db], environment: environment)
        #expect(views.status == 0, "\(views.stderr)")
        #expect(views.stdout.split(separator: "\n").last == "@Late                 3  date:asc    overdue")
        let late = try fixture.cli.run(["list", "--view", "late", "--db", db], environment: environment)
        #expect(late.status == 0, "\(late.stderr)")
        #expect(fixture.ids(late) == ["2", "1", "3"])
        // The same search given directly agrees.
        #expect(fixture.ids(try fixture.cli.run(["list", "--search", "overdue", "--sort", "date:asc", "--db", db],
                                                environment: environment)) == ["2", "1", "3"])
    }
}
