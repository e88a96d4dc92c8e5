import Foundation
import OrdersFuzzing

/// Runs each target in a worker process for its share of the time, restarts the
/// worker after a trap or a hang (recording the input that caused it), and prints
/// what it found. Inputs are saved under `.build/fuzz-findings/` to be replayed.
enum FuzzSupervisor {
    static let usage = "usage: orders-fuzz [TARGET|all] [SECONDS] [--seed N]   targets: "
        + FuzzCatalog.targets.map(\.name).joined(separator: ", ")

    static func run(_ arguments: [String]) -> Int32 {
        var positionals: [String] = []
        var seed = UInt64(Date().timeIntervalSince1970)
        var index = 0
        while index < arguments.count {
            if arguments[index] == "--seed", index + 1 < arguments.count, let value = UInt64(arguments[index + 1]) {
                seed = value
                index += 2
                continue
            }
            if arguments[index] == "--help" || arguments[index] == "-h" || arguments[index].hasPrefix("-") {
                print(usage)
                return arguments[index].hasPrefix("--h") || arguments[index] == "-h" ? 0 : 2
            }
            positionals.append(arguments[index])
            index += 1
        }
        let name = positionals.first ?? "all"
        let targets = name == "all" ? FuzzCatalog.targets.map(\.name) : [name]
        guard targets.allSatisfy({ FuzzCatalog.target(named: $0) != nil }),
              let seconds = positionals.count > 1 ? Double(positionals[1]) : 60, seconds > 0, positionals.count <= 2 else {
            FileHandle.standardError.write(Data((usage + "\n").utf8))
            return 2
        }
        print("fuzzing \(targets.joined(separator: ", ")) for \(Int(seconds)) s with seed \(seed)")
        var totalCases = 0, totalCrashers = 0, totalFindings = 0
        for target in targets {
            let (cases, crashers, findings) = fuzz(target, seed: seed, seconds: seconds / Double(targets.count))
            print("\(target): \(cases) cases run, \(crashers) crashers (traps or hangs), \(findings) property failures")
            totalCases += cases
            totalCrashers += crashers
            totalFindings += findings
        }
        print("total: \(totalCases) cases run, \(totalCrashers) crashers found, \(totalFindings) property failures")
        return totalCrashers + totalFindings == 0 ? 0 : 1
    }

    /// Fuzzes one target for `seconds`, restarting the worker after each crash.
    private static func fuzz(_ name: String, seed: UInt64, seconds: Double) -> (cases: Int, crashers: Int, findings: Int) {
        let start = Date()
        var next = 0, cases = 0, crashers = 0, findings = 0
        let progress = FileManager.default.temporaryDirectory.appendingPathComponent("orders-fuzz-progress-\(getpid())").path
        defer { try? FileManager.default.removeItem(atPath: progress) }
        while true {
            let remaining = seconds - Date().timeIntervalSince(start)
            guard remaining > 0.5 else { break }
            let worker = Process()
            worker.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
            worker.arguments = ["--worker", name, String(seed), String(next), String(remaining), progress]
            let output = Pipe()
            worker.standardOutput = output
            do { try worker.run() } catch {
                print("\(name): cannot start a worker: \(error)")
                return (cases, crashers + 1, findings)
            }
            let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            worker.waitUntilExit()
            for line in text.split(separator: "\n") {
                let words = line.split(separator: " ", maxSplits: 2)
                if words.first == "finding", words.count == 3, let index = Int(words[1]) {
                    findings += 1
                    print("  property failure: case \(index): \(words[2])  → \(save(name, seed: seed, case: index))")
                } else if words.first == "ran", words.count >= 2, let count = Int(words[1]) {
                    cases += count
                }
            }
            if worker.terminationReason == .exit, worker.terminationStatus == 0 { break }
            // A trap, an abort from the watchdog, or any other death: the case in the progress file did it.
            let crashed = lastCase(progress) ?? next
            crashers += 1
            cases += crashed - next + 1
            print("  crasher: case \(crashed) (\(worker.terminationReason == .uncaughtSignal ? "signal" : "exit status") "
                  + "\(worker.terminationStatus))  → \(save(name, seed: seed, case: crashed))")
            next = crashed + 1
        }
        return (cases, crashers, findings)
    }

    private static func lastCase(_ path: String) -> Int? {
        guard let data = FileManager.default.contents(atPath: path), data.count == 8 else { return nil }
        return Int(data.withUnsafeBytes { $0.loadUnaligned(as: Int64.self) })
    }

    /// Writes the input of a case to `.build/fuzz-findings/` and returns the path.
    private static func save(_ name: String, seed: UInt64, case index: Int) -> String {
        guard let target = FuzzCatalog.target(named: name) else { return "" }
        let directory = ".build/fuzz-findings"
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let path = "\(directory)/\(name)-seed\(seed)-case\(index).bin"
        let input = Data(FuzzRunner.input(for: target, seed: seed, case: index))
        return FileManager.default.createFile(atPath: path, contents: input) ? path : "(not saved: \(path) cannot be written)"
    }
}
