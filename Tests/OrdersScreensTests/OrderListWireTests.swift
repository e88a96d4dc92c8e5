import Foundation
import OrdersCore
import OrdersInterchange
import OrdersPresentation
@testable import OrdersScreens
import OrdersStorage
@testable import TermRender
import TermRenderTesting
import Testing

/// The bytes the order list costs on the wire: the real list screen over realistic demo orders,
/// drawn by the real ncurses backend on a 200×60 pty, read back from the pty's other side.
///
/// xterm-256color has ECH and BCE (runs of blanks, coloured ones included, are erased);
/// tmux-256color, the terminal inside tmux and screen, has neither. ncurses state is
/// process-wide: the suite is serialized and each test ends its backend.
@MainActor
@Suite("Order list bytes on the wire", .serialized)
struct OrderListWireTests {
    static let columns = 200, rows = 60

    /// 3,000 demo orders of the deterministic generator, loaded, with the fixtures' fixed clock.
    static func model() async -> OrderListModel {
        let orders = DemoDataGenerator(seed: 7, now: ScreenFixtures.now).orders(count: 3_000)
        let model = OrderListModel(store: InMemoryOrderStore(orders: orders, now: { ScreenFixtures.now }),
                                   environment: ScreenFixtures.environment)
        model.load()
        await model.waitForPendingWork()
        return model
    }

    struct Figures {
        var first = 0
        var selection: [Int] = []
        var push: [Int] = []
        var nothing: [Int] = []
    }

    /// Draws the list on `term`, then moves the selection the way the keys do; returns each frame's bytes.
    static func measure(term: String) async throws -> Figures {
        let model = await model()
        let pty = try #require(PseudoTerminal(columns: columns, rows: rows))
        let backend = try NcursesBackend(term: term, input: pty.slave, output: pty.slave, environment: [:])
        defer { backend.end() }
        _ = pty.read(count: backend.bytesWritten)  // entering: alternate screen, modes
        var environment = EnvironmentValues()
        environment.theme = .dark
        environment.colorCapability = backend.capabilities.colors
        let session = RenderSession(backend: backend, environment: environment)
        // As the shell does before each frame: the list's page follows the screen's height.
        model.setPageHeight(OrderListScreen.tableRows(screenHeight: rows, showsSearchLine: false))
        func frame() -> Int {
            let before = backend.bytesWritten
            session.render(OrderListScreen(model: model, databaseName: "demo.db",
                                           hints: [.init(key: "enter", label: "open"), .init(key: "q", label: "quit")]))
            let sent = backend.bytesWritten - before
            #expect(pty.read(count: sent).count == sent)
            return sent
        }
        var figures = Figures()
        figures.first = frame()
        for step in 0..<20 {
            model.moveSelection(by: step.isMultiple(of: 2) ? 1 : -1)
            figures.selection.append(frame())
            figures.nothing.append(frame())
        }
        // The table has rows − 5 lines; from its last row each ↓ pushes it up a line.
        let tableRows = rows - 5
        model.moveSelection(by: tableRows - 1)
        _ = frame()
        for _ in 0..<20 {
            model.moveSelection(by: 1)
            figures.push.append(frame())
        }
        return figures
    }

    static func median(_ values: [Int]) -> Int { values.sorted()[values.count / 2] }

    @Test("xterm-256color: a selection move 330–350 bytes, a push-scroll ≤ 320 (median), nothing 0")
    func xterm() async throws {
        let figures = try await Self.measure(term: "xterm-256color")
        // Before the selection bar and the scroll region: 325 and 390 bytes; with them 280–300 and ≤ 300,
        // before the age column and the payment/fulfilment words (a row holds more text since).
        #expect(figures.selection.allSatisfy { $0 >= 330 && $0 <= 350 }, "\(figures.selection)")
        #expect(Self.median(figures.push) <= 320, "\(figures.push)")
        #expect(figures.push.allSatisfy { $0 >= 240 && $0 <= 370 }, "\(figures.push)")
        #expect(figures.nothing.allSatisfy { $0 == 0 })
        #expect(figures.first > 5_000)
    }

    @Test("tmux-256color (no ECH, no BCE): a selection move 420–450 bytes, a push-scroll ≤ 320 (median), nothing 0")
    func tmux() async throws {
        let figures = try await Self.measure(term: "tmux-256color")
        // Before: 531 and 605 bytes, every blank of both rows spelled out; 400–430 before the age
        // column and the payment/fulfilment words.
        #expect(figures.selection.allSatisfy { $0 >= 420 && $0 <= 450 }, "\(figures.selection)")
        #expect(Self.median(figures.push) <= 320, "\(figures.push)")
        #expect(figures.push.allSatisfy { $0 >= 240 && $0 <= 370 }, "\(figures.push)")
        #expect(figures.nothing.allSatisfy { $0 == 0 })
    }
}
