import Foundation
import Synchronization
import TerminalTestSupport

/// Runs the real `orders` executable in a child process. The binary is
/// `$ORDERS_BINARY` if set, else `orders` next to the test bundle (`.build/debug/`).
struct OrdersBinary {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
        /// stderr split into lines (without the final newline).
        var errorLines: [String] { stderr.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init) }
    }

    static let url = URL(fileURLWithPath: ProductBinary.path("orders"))

    /// A scratch folder used as `$XDG_DATA_HOME` and `$HOME`, so tests never touch real data.
    let home: URL

    init() throws {
        home = FileManager.default.temporaryDirectory.appendingPathComponent("orders-cli-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    }

    func path(_ name: String) -> String { home.appendingPathComponent(name).path }

    var environment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_DATA_HOME"] = home.appendingPathComponent("data").path
        environment["HOME"] = home.path
        environment["ORDERS_ACTOR"] = nil
        return environment
    }

    /// Starts the binary without waiting for it.
    func start(_ arguments: [String], environment extra: [String: String] = [:]) throws -> Process {
        let process = Process()
        process.executableURL = Self.url
        process.arguments = arguments
        process.environment = environment.merging(extra) { $1 }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// Runs the binary to completion and captures its output.
    func run(_ arguments: [String], environment extra: [String: String] = [:]) throws -> Result {
        try run(executable: Self.url, arguments, environment: extra)
    }

    /// Runs the binary under a file size limit of `blocks` 512-byte blocks (`ulimit -f` in sh):
    /// a write past it fails as on a full disk.
    func run(fileSizeLimit blocks: Int, _ arguments: [String]) throws -> Result {
        try run(executable: URL(fileURLWithPath: "/bin/sh"),
                ["-c", "ulimit -f \(blocks) && exec \"$0\" \"$@\"", Self.url.path] + arguments, environment: [:])
    }

    private func run(executable: URL, _ arguments: [String], environment extra: [String: String]) throws -> Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        var environment = environment.merging(extra) { $1 }
        for (key, value) in extra where value.isEmpty { environment[key] = nil }
        process.environment = environment
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // Read both pipes while the process runs, so a large output cannot block it.
        let stdoutData = LockedData(), stderrData = LockedData()
        let group = DispatchGroup()
        for (pipe, sink) in [(output, stdoutData), (errors, stderrData)] {
            group.enter()
            DispatchQueue.global().async {
                sink.set(pipe.fileHandleForReading.readDataToEndOfFile())
                group.leave()
            }
        }
        process.waitUntilExit()
        group.wait()
        return Result(status: process.terminationStatus, stdout: String(decoding: stdoutData.get(), as: UTF8.self),
                      stderr: String(decoding: stderrData.get(), as: UTF8.self))
    }

    func removeAll() {
        try? FileManager.default.removeItem(at: home)
    }
}

private final class LockedData: Sendable {
    private let storage = Mutex(Data())
    func set(_ value: Data) { storage.withLock { $0 = value } }
    func get() -> Data { storage.withLock { $0 } }
}
