import Foundation
import OrdersApp
import OrdersCore
import TermRender
import Testing

/// The README's pictures are the real screens: the whole app on the test backend over fixed demo
/// orders and a fixed clock, each screen written as SVG (`Buffer.svg`). This test fails when a
/// checked-in picture no longer matches its screen; `./dev pictures` (`RECORD_PICTURES=1`) writes
/// them again and converts them to PNG.
@Suite("README pictures")
@MainActor
struct ReadmePictureTests {
    /// Monday 23 November 2026, 09:30 UTC.
    nonisolated static let now = Date(timeIntervalSince1970: 1_795_426_200)
    static let size = Size(width: 120, height: 32)
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("docs/pictures")

    static func environment() -> PresentationEnvironment {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return PresentationEnvironment(now: { Self.now }, actor: "mia", locale: Locale(identifier: "en_US"), calendar: calendar)
    }

    @Test("the list, the detail and the dashboard match docs/pictures")
    func pictures() async throws {
        var config = AppConfig()
        config.fulfilmentPromise = FulfilmentPromise(allowance: .days(2), workingDays: Weekday.mondayToFriday,
                                                     timeZone: TimeZone(identifier: "UTC")!)
        let store = InMemoryOrderStore(orders: DemoDataGenerator(seed: 16, now: Self.now).orders(count: 400), now: { Self.now })
        let backend = TestBackend(size: Self.size)
        let input = ScriptedInput()
        let services = AppServices(sendToTerminal: { _ in }, writeFile: { _, _ in 0 },
                                   environment: ["TERM": "xterm-256color", "LANG": "C.UTF-8"], schedule: { _, _ in })
        let launch = AppLaunch(store: store, databaseName: "shop.db", actor: "mia", config: config,
                               presentation: Self.environment())
        let shell = AppShell.make(launch, application: Application(backend: backend, input: input), services: services)
        shell.start()
        await shell.settle()
        Self.check(backend, "list")
        input.type("\r")
        await shell.settle()
        Self.check(backend, "detail")
        input.type("\u{1B}")
        await shell.settle()
        input.type("D")
        await shell.settle()
        await shell.coordinator.dashboard.waitForRefresh()
        await shell.settle()
        Self.check(backend, "dashboard")
    }

    /// Compares the screen's picture with the checked-in one, or writes it when recording.
    static func check(_ backend: TestBackend, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let picture = backend.grid.svg()
        let file = folder.appendingPathComponent("\(name).svg")
        if ProcessInfo.processInfo.environment["RECORD_PICTURES"] == "1" {
            try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            #expect((try? picture.write(to: file, atomically: true, encoding: .utf8)) != nil, "writing \(file.path)")
            return
        }
        let stored = try? String(contentsOf: file, encoding: .utf8)
        #expect(stored == picture, "docs/pictures/\(name).svg no longer shows the \(name) screen: run ./dev pictures",
                sourceLocation: sourceLocation)
    }
}
