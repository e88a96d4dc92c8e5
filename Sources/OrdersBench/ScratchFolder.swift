import Foundation

/// A temporary folder for one benchmark run, removed when it ends, with demo databases made by
/// the real `orders demo` command.
final class ScratchFolder {
    let path: String

    init() throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("orders-bench-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// A new database of `count` demo orders; returns its path and how long `orders demo` took.
    func demoDatabase(count: Int) throws -> String {
        try timedDemoDatabase(count: count).path
    }

    func timedDemoDatabase(count: Int, name: String? = nil) throws -> (path: String, duration: Duration) {
        let database = path + "/" + (name ?? "demo-\(count).db")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: OrdersOnTerminal.binaryPath)
        process.arguments = ["demo", "--db", database, "--count", String(count)]
        process.standardOutput = FileHandle.nullDevice
        let clock = ContinuousClock()
        let start = clock.now
        try process.run()
        process.waitUntilExit()
        let duration = clock.now - start
        guard process.terminationStatus == 0 else { throw BenchmarkError("orders demo --count \(count) failed (\(process.terminationStatus))") }
        return (database, duration)
    }
}
