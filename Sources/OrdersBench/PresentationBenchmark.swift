import Foundation
import OrdersCore
import OrdersInterchange
import OrdersPresentation
import OrdersStorage

/// Times what an operator feels in the list at 1,000,000 orders: typing a search,
/// replacing the query, switching status tabs, changing the sort; and the memory
/// the list holds per order. Run in release: `swift run -c release orders-bench`.
enum PresentationBenchmark {
    static let orderCount = 1_000_000

    @MainActor
    static func run() async {
        print("presentation benchmark: \(orderCount) orders, \(ProcessInfo.processInfo.activeProcessorCount) cores")
        let now = Date(timeIntervalSince1970: 1_790_000_000)
        var clock = ContinuousClock.now
        let store = InMemoryOrderStore(orders: DemoDataGenerator(seed: 7, now: now).orders(count: orderCount))
        print("  generated \(store.count) orders in \(ContinuousClock.now - clock)")
        let environment = PresentationEnvironment(now: { now }, actor: "bench", locale: Locale(identifier: "en_US"))
        let model = OrderListModel(store: store, environment: environment)
        clock = .now
        model.load()
        await model.waitForPendingWork()
        print("  loaded and indexed in \(ContinuousClock.now - clock); \(model.rowCount) rows")
        print(String(format: "  memory held per order: %.0f bytes (budget 300)", model.memoryPerOrder))

        var typing: [(String, Double)] = []
        for word in ["müller", "keyboard", "ord-00123", "gmail.com", "王", "jose garcia", "usb-c"] {
            model.searchTextChanged("")
            var typed = ""
            for character in word {
                typed.append(character)
                typing.append((typed, measure { model.searchTextChanged(typed) }))
            }
        }
        report("incremental search (one more character)", typing.map(\.1), budget: "issue 31: p50 ≤ 8 ms, p99 ≤ 16 ms")
        let slowest = typing.sorted { $0.1 > $1.1 }.prefix(5).map { String(format: "\"%@\" %.1f ms", $0.0, $0.1) }
        print("    slowest keystrokes: " + slowest.joined(separator: ", "))

        var replacing: [Double] = []
        let queries = ["status:pending,processing total>100", "keyboard", "-status:completed tag:vip", "jose", "country:DE since:30d",
                       "flagged -tag:wholesale", "gmail", "ord-0001", "total<50", "mechanical -brown"]
        for _ in 0..<3 {
            for query in queries { replacing.append(measure { model.searchTextChanged(query) }) }
        }
        report("replace the whole query", replacing, budget: "≤ 50 ms")

        // The longest query the search takes: 31 terms, then a 32nd typed key by key. (The parse is
        // bounded: a longer query, e.g. a pasted paragraph, is refused before any search runs.)
        let terms = ["-status:cancelled", "total>10", "-jose", "-tag:wholesale", "since:365d", "-gmail", "a", "e"]
        let base = (0..<31).map { terms[$0 % terms.count] }.joined(separator: " ")
        var longQuery: [Double] = []
        for _ in 0..<3 {
            model.searchTextChanged(base)
            var typed = base + " "
            for character in "keyboard" {
                typed.append(character)
                longQuery.append(measure { model.searchTextChanged(typed) })
            }
        }
        report("one more character on a 32-term query", longQuery, budget: "one frame, ≤ 16 ms")
        let paragraph = String(repeating: "pasted line with some text, 12345 ", count: 30_000)
        report("a 1 MB query (refused at once)", (0..<5).map { _ in measure { model.searchTextChanged(paragraph) } }, budget: "≤ 1 ms")

        model.searchTextChanged("")
        var tabs: [Double] = []
        for _ in 0..<5 {
            for tab in StatusTab.allCases + [.all] { tabs.append(measure { model.selectTab(tab) }) }
        }
        report("switch status tab (no search)", tabs, budget: "≤ 16 ms")

        var sorts: [Double] = []
        for key in OrderSortKey.allCases {
            for ascending in [true, false] { sorts.append(measure { model.setSort(OrderSort(key, ascending: ascending)) }) }
        }
        model.setSort(.default)
        report("change sort (all orders)", sorts, budget: "≤ 100 ms")

        var rows: [Double] = []
        for start in stride(from: 0, to: 50_000, by: 1_000) {
            rows.append(measure { for position in start..<start + 50 { _ = model.row(at: position) } })
        }
        report("build 50 visible rows", rows, budget: "one frame")
    }

    @MainActor
    private static func measure(_ body: () -> Void) -> Double {
        let start = ContinuousClock.now
        body()
        return milliseconds(since: start)
    }

    private static func report(_ name: String, _ samples: [Double], budget: String) {
        let sorted = samples.sorted()
        func percentile(_ p: Double) -> Double { sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * p).rounded()))] }
        print(String(format: "  %@: p50 %.1f ms, p99 %.1f ms, max %.1f ms over %d (%@)",
                     name, percentile(0.5), percentile(0.99), sorted.last ?? 0, samples.count, budget))
    }
}
