import Foundation
import OrdersCore
@testable import OrdersFuzzing
import OrdersInterchange
import Testing

/// Every fuzz target, a fixed number of seeded cases in every test run (CI included).
/// `./dev fuzz` runs the same targets for as long as asked, in release mode.
@Suite("Fuzzing (seeded, fixed number of cases)")
struct FuzzTargetTests {
    /// Cases per target: together well under a minute on the project's 2-core machine in a debug build.
    static let cases: [String: Int] = ["csv-import": 3_000, "json-import": 3_000, "shopify-csv": 3_000, "woocommerce-csv": 3_000,
                                       "shopify-json": 3_000, "query-parser": 6_000, "input-decoder": 50_000]

    /// A hang is an input that never finishes, so the limit only has to be far above a slow case.
    /// `./dev fuzz` gives a case 10 s in a process of its own; here the case shares 2 cores and
    /// Swift's cooperative threads with the whole suite (tmux sessions, PostgreSQL servers), and
    /// under that load a case waiting for a thread passed 10 s, and once 60 s (load average 24),
    /// without hanging. A case that truly never ends is still caught here after 300 s, the same
    /// silence the suite's supervisor allows a stuck run.
    static let watchdog = CaseWatchdog(limit: .seconds(300))

    @Test(arguments: FuzzCatalog.targets.map(\.name))
    func everyCaseKeepsItsProperties(_ name: String) async throws {
        let target = try #require(FuzzCatalog.target(named: name))
        let count = try #require(Self.cases[name])
        let report = await FuzzRunner.run(target, seed: 20_261_123, count: count, watchdog: Self.watchdog)
        #expect(report.casesRun == count)
        #expect(report.findings.map(\.description) == [])
    }

    @Test func casesReplayFromTheirSeedAndNumber() throws {
        let target = try #require(FuzzCatalog.target(named: "csv-import"))
        let first = (0..<50).map { FuzzRunner.input(for: target, seed: 7, case: $0) }
        let again = (0..<50).map { FuzzRunner.input(for: target, seed: 7, case: $0) }
        #expect(first == again)
        #expect(Set(first).count > 40) // the mutations do vary
    }

    /// The harness itself must be able to fail: refusals without a place or in Swift's words are caught.
    @Test func theImportJudgeCatchesMessagesWithoutAPlaceOrInSwiftsWords() {
        func judge(_ location: RecordLocation, _ problem: String) -> String? {
            ImportTarget.judge(ImportError(problems: [ImportProblem(file: "f.csv", location: location, field: nil, problem: problem)]),
                               fileName: "f.csv")
        }
        #expect(judge(.file, "cannot be read") == "a message names no line, index or byte: f.csv: cannot be read")
        #expect(judge(.line(3), "DecodingError.valueNotFound") == "a message shows Swift internals (DecodingError): f.csv, line 3: DecodingError.valueNotFound")
        #expect(judge(.file, "is empty (expected a header line naming the columns)") == nil)
        #expect(judge(.byte(offset: 9, line: 2), "is not valid UTF-8 text from here on") == nil)
    }
}
