import Foundation
import OrdersApp
import OrdersCore
import OrdersScreens
import OrdersStorage
import Testing

/// `:hold REASON`: the hold and its reason as a note in one change, as `orders hold --reason` makes
/// it, so a connected shop is sent one hold with that reason; undo takes both back in one step.
@Suite("Shell: hold with a reason", .serialized)
@MainActor
struct HoldReasonTests {
    let folder: URL
    let path: String
    let sqlite: SQLiteOrderStore

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("orders-hold-reason-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        path = folder.appendingPathComponent("orders.db").path
        sqlite = try SQLiteOrderStore(path: path, now: { AppFixtures.now })
    }

    @Test(":hold waiting for stock on a connected shop's order: one version with the hold and the note, one hold fact with that reason; u takes both back")
    func holdWithAReasonOnAShopsOrder() async throws {
        // Order 1 is the shop eu's. Its credentials file cannot be read here, so the app's background
        // passes leave the shop alone and the fact stays queued for the test to read (README: "In the app").
        var orders = AppFixtures.sample
        orders[0].source = "eu"
        try await sqlite.insert(orders)
        try await sqlite.addShop(ConnectedShop(name: "eu", platform: .shopify, url: "https://eu.invalid", caFile: nil,
                                               credentialsFile: folder.appendingPathComponent("eu.token").path), at: AppFixtures.now)
        var config = AppConfig()
        config.shopPullSeconds = 3_600
        let app = await ShellStore.start(config: config, store: sqlite, storeLocation: .sqliteFile(path))
        let before = try #require(try await sqlite.order(OrderID(1)))

        await ShellCommandTests.selectOrder1(app)
        await ShellCommandTests.openPalette(app, typing: ":hold waiting for stock", suggestion: nil)
        await app.send(.palette(.run)) {
            $0.modal = nil
            $0.paletteText = ""
            $0.paletteSuggestion = 0
            $0.orders[0] = "1 processing pay:pending ship:on_hold vip notes:waiting for stock"
        }
        let held = try #require(try await sqlite.order(OrderID(1)))
        #expect(held.version == before.version + 1, "one store update")
        #expect(held.fulfillment == .onHold)
        #expect(held.notes.map(\.text) == ["waiting for stock"])
        let changes = try await sqlite.history(of: OrderID(1))
        #expect(Set(changes.map(\.version)) == [held.version], "the hold and the note are one version")
        #expect(changes.map(Self.line) == ["fulfillment unfulfilled → on_hold", "notes - → waiting for stock"])
        let facts = try await sqlite.shopFacts(ofOrder: OrderID(1))
        #expect(facts.map(\.fact) == [.hold(reason: "waiting for stock")], "the note is the hold's reason, not a note fact of its own")
        #expect(facts.map(\.version) == [held.version])
        #expect(facts.map(\.state) == [.waiting])

        // One undo takes the hold and the note back; the fact, not sent yet, is withdrawn.
        await app.send(.list(.order(.undo))) { $0.orders[0] = "1 pending vip" }
        let undone = try #require(try await sqlite.order(OrderID(1)))
        #expect(undone.version == held.version + 1, "one undo, one version")
        #expect(undone.fulfillment == before.fulfillment)
        #expect(undone.notes.isEmpty)
        #expect(try await sqlite.shopFacts(ofOrder: OrderID(1)).isEmpty)
        #expect(app.coordinator.list.canUndo == false)
        // The store's own undo of the hold's version: the fulfilment (and the status it gives) and the note, in one version.
        let history = try await sqlite.history(of: OrderID(1))
        #expect(history.map(Self.line) == [
            "fulfillment unfulfilled → on_hold", "notes - → waiting for stock",
            "undo - → version \(held.version)", "status processing → pending (undo)", "fulfillment on_hold → unfulfilled (undo)",
            "notes waiting for stock → -",
        ])
        #expect(Set(history.dropFirst(2).map(\.version)) == [undone.version])
    }

    @Test(":hold REASON on the list holds every marked order, each with the note; u takes them all back")
    func holdWithAReasonOnMarkedOrders() async throws {
        let app = await ShellStore.start()
        await ShellCommandTests.selectOrder1(app)
        await app.send(.list(.mark)) {
            $0.list.marked = [1]
            $0.list.selected = 4
        }
        await app.send(.list(.down)) { $0.list.selected = 7 }
        await app.send(.list(.mark)) {
            $0.list.marked = [1, 7]
            $0.list.selected = 6
        }
        await ShellCommandTests.openPalette(app, typing: ":hold address check", suggestion: nil)
        await app.send(.palette(.run)) {
            $0.modal = nil
            $0.paletteText = ""
            $0.paletteSuggestion = 0
            $0.orders[0] = "1 processing pay:pending ship:on_hold vip notes:address check"
            $0.orders[6] = "7 processing pay:pending ship:on_hold @mia notes:address check"
        }
        await app.send(.list(.order(.undo))) {
            $0.orders[0] = "1 pending vip"
            $0.orders[6] = "7 pending @mia"
        }
    }

    /// An audit entry as "field old → new".
    static func line(_ entry: AuditEntry) -> String {
        "\(entry.field) \(entry.oldValue ?? "-") → \(entry.newValue ?? "-")"
    }
}
