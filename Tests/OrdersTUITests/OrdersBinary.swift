import Foundation
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
    /// `orders` with the fault hook of the fatal-signal tests: the test program `OrdersFaulty`, built
    /// beside it (`$ORDERSFAULTY_BINARY` if set).
    static let withFaultHookURL = URL(fileURLWithPath: ProductBinary.path("OrdersFaulty"))

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

    /// Starts the binary without waiting for it (output discarded).
    func start(_ arguments: [String], environment extra: [String: String] = [:]) throws -> RunningChild {
        try ChildProcess.start([Self.url.path] + arguments, environment: environment(adding: extra))
    }

    /// Runs the binary to completion and captures its output.
    func run(_ arguments: [String], environment extra: [String: String] = [:]) throws -> Result {
        try runCommand([Self.url.path] + arguments, environment: extra)
    }

    /// Runs the binary under a file size limit of `blocks` 512-byte blocks (`ulimit -f` in sh):
    /// a write past it fails as on a full disk.
    func run(fileSizeLimit blocks: Int, _ arguments: [String]) throws -> Result {
        try runCommand(["/bin/sh", "-c", "ulimit -f \(blocks) && exec \"$0\" \"$@\"", Self.url.path] + arguments, environment: [:])
    }

    /// The scratch environment plus `extra`, where an empty value removes the variable.
    func environment(adding extra: [String: String]) -> [String: String] {
        var environment = environment.merging(extra) { $1 }
        for (key, value) in extra where value.isEmpty { environment[key] = nil }
        return environment
    }

    private func runCommand(_ command: [String], environment extra: [String: String]) throws -> Result {
        let result = try ChildProcess.result(of: command, environment: environment(adding: extra))
        return Result(status: result.exit.shellStatus, stdout: result.output, stderr: result.errorOutput)
    }

    func removeAll() {
        try? FileManager.default.removeItem(at: home)
    }
}
