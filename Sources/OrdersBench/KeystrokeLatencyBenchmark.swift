import Foundation
import OrdersCore
import OrdersInterchange
import OrdersPresentation
import OrdersScreens
import OrdersStorage
import TermRender

/// Keystroke-to-flush latency inside the process for a selection move: the bytes of
/// `j` decoded, the selection moved on the list model, and the next frame of the real
/// list screen (200x60) evaluated, laid out, drawn, diffed and flushed to the
/// in-memory backend. What it leaves out is ncurses turning the changed cells into
/// bytes (see the wire figures) and the kernel.
enum KeystrokeLatencyBenchmark {
    @MainActor
    static func run() async {
        let orderCount = 100_000
        let now = Date(timeIntervalSince1970: 1_790_000_000)
        let store = InMemoryOrderStore(orders: DemoDataGenerator(seed: 11, now: now).orders(count: orderCount))
        let model = OrderListModel(store: store, environment: PresentationEnvironment(
            now: { now }, actor: "bench", locale: Locale(identifier: "en_US")))
        model.load()
        await model.waitForPendingWork()
        let backend = TestBackend(size: Size(width: 200, height: 60))
        let session = RenderSession(backend: backend)
        model.setPageHeight(OrderListScreen.tableRows(screenHeight: 60, showsSearchLine: false))
        func frame() {
            session.render(OrderListScreen(model: model, databaseName: "bench.db",
                                           hints: [.init(key: "j/k", label: "move"), .init(key: "q", label: "quit")]))
        }
        frame()
        var decoder = InputDecoder()
        var samples: [Double] = []
        for step in 0..<2_000 {
            let key: UInt8 = step % 400 < 200 ? 0x6A : 0x6B // j down, then k back up
            let start = ContinuousClock.now
            for event in decoder.decode([key]) {
                guard case .key(let press) = event else { continue }
                model.moveSelection(by: press.key == .character("j") ? 1 : -1)
            }
            frame()
            let elapsed = ContinuousClock.now - start
            samples.append(Double(elapsed.components.attoseconds) / 1e12 + Double(elapsed.components.seconds) * 1e6)
        }
        samples.sort()
        let median = samples[samples.count / 2], p99 = samples[samples.count * 99 / 100]
        print("keystroke to flush (selection move, 200x60 list screen, \(orderCount) orders, in-memory backend):")
        print(String(format: "  median %.0f µs, p99 %.0f µs (target: median ≤ 1 ms)", median, p99))
    }
}
