import Foundation
import OrdersFuzzing

/// The process that runs cases: `--worker TARGET SEED FIRST SECONDS PROGRESS_FILE`.
/// Before each case it writes the case number to the progress file, so that after a
/// trap the supervisor knows which input did it. Property failures are printed as
/// `finding CASE PROBLEM`; the last line is `ran COUNT`.
enum FuzzWorker {
    static func run(_ arguments: [String]) async -> Int32 {
        guard arguments.count == 5, let target = FuzzCatalog.target(named: arguments[0]), let seed = UInt64(arguments[1]),
              let first = Int(arguments[2]), let seconds = Double(arguments[3]) else {
            FileHandle.standardError.write(Data("orders-fuzz: bad worker arguments \(arguments)\n".utf8))
            return 2
        }
        let progress = open(arguments[4], O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard progress >= 0 else { return 2 }
        let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
        let report = await FuzzRunner.run(target, seed: seed, from: first, watchdog: CaseWatchdog(limit: .seconds(10)),
                                          willRun: { index in
                                              var value = Int64(index)
                                              _ = pwrite(progress, &value, 8, 0)
                                          },
                                          shouldStop: { ContinuousClock.now >= deadline })
        for finding in report.findings {
            print("finding \(finding.caseIndex) \(finding.problem.replacingOccurrences(of: "\n", with: "\\n"))")
        }
        print("ran \(report.casesRun)")
        return 0
    }
}
