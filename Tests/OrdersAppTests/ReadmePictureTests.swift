import Foundation
import OrdersApp
import OrdersCore
import OrdersInterchange
import TermRender
import Testing

/// The README's pictures are the real screens: the whole app over demo orders on TestBackend,
/// written as SVG (`ScreenPicture`) to `docs/pictures/`. This test fails when a checked-in
/// picture no longer matches what the screens draw; `./dev pictures` (`RECORD_PICTURES=1`)
/// draws them again.
@Suite("README pictures")
@MainActor
struct ReadmePictureTests {
    static let size = Size(width: 120, height: 32)
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("docs/pictures")

    /// The list, the first order's detail and the dashboard, as a new user first sees them.
    static func pictures() async -> [(name: String, svg: String)] {
        var config = AppConfig()
        config.fulfilmentPromise = FulfilmentPromise(allowance: .days(2), timeZone: TimeZone(identifier: "UTC") ?? .current)
        let orders = DemoDataGenerator(seed: 2026, now: AppFixtures.now).orders(count: 2_000)
        let app = await ShellStore.start(size: size, config: config, orders: orders, databaseName: "orders.db")
        let picture = ScreenPicture()
        var pictures: [(String, String)] = [("list", picture.svg(of: app.backend.grid))]
        // Enter opens the selected order; Esc goes back to the list, where D opens the dashboard.
        for (name, keys) in [("detail", ["\r"]), ("dashboard", ["\u{1B}", "D"])] {
            for key in keys {
                app.input.type(key)
                await app.shell.settle()
            }
            // The dashboard's figures are computed off the main actor: drawn once they are in.
            if name == "dashboard" {
                await app.coordinator.dashboard.waitForRefresh()
                await app.shell.settle()
            }
            pictures.append((name, picture.svg(of: app.backend.grid)))
        }
        return pictures
    }

    @Test("docs/pictures holds the list, the detail and the dashboard exactly as they draw now")
    func picturesMatchTheScreens() async throws {
        let recording = ProcessInfo.processInfo.environment["RECORD_PICTURES"] == "1"
        for (name, svg) in await Self.pictures() {
            let file = Self.directory.appendingPathComponent("\(name).svg")
            if recording {
                try FileManager.default.createDirectory(at: Self.directory, withIntermediateDirectories: true)
                try svg.write(to: file, atomically: true, encoding: .utf8)
                continue
            }
            let onDisk = try? String(contentsOf: file, encoding: .utf8)
            #expect(onDisk == svg, "docs/pictures/\(name).svg no longer shows the screen: run ./dev pictures and look at it")
        }
    }
}
