import Foundation
import OrdersCore

/// A shop's export imported by the real `orders` binary, measured outside in.
///
/// Writes a Shopify admin export of N orders (one to three rows each, all 79 columns:
/// `ShopifyExportGenerator`) to a scratch folder, then runs `orders import FILE --db NEW` and
/// `orders import` of the same file again (the daily re-import of an unchanged file: "0 new,
/// 0 updated"). For each run: the wall time and the peak resident memory of the process (its
/// `ru_maxrss` from `wait4`), beside the file's size. One run each: the machine is shared and a
/// million orders take minutes. N is 100,000 unless `--count N` follows `import`.
enum ImportBenchmark {
    static func run(count: Int) {
        print("Import, the real orders binary on a Shopify export of \(count) orders (one run each):")
        do {
            let folder = try ScratchFolder()
            let file = folder.path + "/orders_export.csv"
            let database = folder.path + "/shop.db"
            let clock = ContinuousClock()
            let start = clock.now
            let rows = try ShopifyExportGenerator(seed: 1).write(count: count, to: file)
            let size = (try? FileManager.default.attributesOfItem(atPath: file)[.size] as? Int) ?? 0
            print("  file: \(rows) rows, \(LaunchBenchmark.mebibytes(size)) (written in \(LaunchBenchmark.format(clock.now - start)))")
            for title in ["first import:        ", "re-import, unchanged:"] {
                let result = try ChildProcess.run(OrdersOnTerminal.binaryPath, ["import", file, "--db", database])
                guard result.status == 0 else { throw BenchmarkError("orders import exited with \(result.status)") }
                let summary = result.output.split(separator: "\n").first { $0.contains(" new, ") }.map(String.init) ?? ""
                print("  \(title) \(LaunchBenchmark.format(result.duration)), peak RSS \(LaunchBenchmark.mebibytes(result.peakResident))"
                      + " (\(String(format: "%.2f", Double(result.peakResident) / Double(max(size, 1))))× the file); \(summary)")
            }
        } catch {
            print("  skipped: \(error)")
        }
    }
}
