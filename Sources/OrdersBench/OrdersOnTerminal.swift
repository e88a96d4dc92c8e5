import Foundation
import TermRender

/// The real `orders` executable running on a pseudo-terminal of its own, for outside-in
/// benchmarks: what it sends to the terminal is read from the master side on a background
/// thread (so its writes never block), timestamped, and searchable while it runs.
final class OrdersOnTerminal: @unchecked Sendable {
    /// `orders` next to this benchmark's own executable (`swift build -c release` builds both).
    static var binaryPath: String {
        URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent().appendingPathComponent("orders").path
    }

    let process = Process()
    let started = ContinuousClock.now
    private let master: Int32
    private let lock = NSLock()
    private var output: [UInt8] = []
    private var screen: ScreenReader
    private let finished = DispatchSemaphore(value: 0)

    /// Starts `orders ARGUMENTS` on a `columns`×`rows` terminal of type `term`, with a scratch
    /// home (no config file) and a UTF-8 locale.
    init(arguments: [String], columns: Int = 200, rows: Int = 60, term: String = "xterm-256color", home: String) throws {
        guard let pair = PseudoTerminalPair.open(columns: columns, rows: rows) else {
            throw BenchmarkError("cannot open a pseudo-terminal")
        }
        master = pair.master
        screen = ScreenReader(columns: columns, rows: rows)
        process.executableURL = URL(fileURLWithPath: Self.binaryPath)
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["TERM"] = term
        environment["LANG"] = "C.UTF-8"
        environment["LC_ALL"] = nil
        environment["NO_COLOR"] = nil
        environment["COLORTERM"] = nil
        environment["TMUX"] = nil
        environment["HOME"] = home
        environment["XDG_CONFIG_HOME"] = home + "/config"
        process.environment = environment
        let terminal = FileHandle(fileDescriptor: pair.slave, closeOnDealloc: false)
        process.standardInput = terminal
        process.standardOutput = terminal
        process.standardError = terminal
        do {
            try process.run()
        } catch {
            pair.close()
            throw error
        }
        close(pair.slave)
        Thread.detachNewThread { [self] in drain() }
    }

    deinit {
        if process.isRunning { process.terminate() }
        close(master)
    }

    var pid: Int32 { process.processIdentifier }

    /// Bytes the program has sent so far.
    var byteCount: Int {
        lock.lock(); defer { lock.unlock() }
        return output.count
    }

    /// Sends keys as a terminal would.
    func type(_ text: String) {
        let bytes = Array(text.utf8)
        var sent = 0
        while sent < bytes.count {
            let written = bytes[sent...].withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
            if written > 0 { sent += written } else if written < 0, errno == EINTR { continue } else { return }
        }
    }

    /// Waits until the output after byte `offset` contains `text`; returns the time since start
    /// at which it was seen, or nil after `timeout`.
    @discardableResult
    func waitFor(_ text: String, after offset: Int = 0, timeout: Duration = .seconds(120)) -> Duration? {
        let needle = Array(text.utf8)
        let deadline = ContinuousClock.now + timeout
        var searched = offset
        while ContinuousClock.now < deadline {
            lock.lock()
            let found = Self.find(needle, in: output, from: max(offset, searched - needle.count))
            searched = output.count
            lock.unlock()
            if found != nil { return ContinuousClock.now - started }
            Thread.sleep(forTimeInterval: 0.002)
        }
        return nil
    }

    /// The screen's text now.
    var screenLines: [String] {
        lock.lock(); defer { lock.unlock() }
        return screen.lines
    }

    /// Waits until the screen satisfies `condition`; returns the time since start at which it
    /// was first seen (checked every 2 ms), or nil after `timeout`.
    @discardableResult
    func waitUntil(timeout: Duration = .seconds(300), _ condition: ([String]) -> Bool) -> Duration? {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if condition(screenLines) { return ContinuousClock.now - started }
            Thread.sleep(forTimeInterval: 0.002)
        }
        return nil
    }

    /// Waits until nothing more arrived for `quiet`; returns the byte count then.
    func settle(quiet: Duration = .milliseconds(300), timeout: Duration = .seconds(30)) -> Int {
        let deadline = ContinuousClock.now + timeout
        var last = byteCount, lastChange = ContinuousClock.now
        while ContinuousClock.now < deadline {
            Thread.sleep(forTimeInterval: 0.01)
            let now = byteCount
            if now != last { last = now; lastChange = .now } else if ContinuousClock.now - lastChange >= quiet { break }
        }
        return last
    }

    /// The output from byte `offset` on.
    func bytes(from offset: Int) -> [UInt8] {
        lock.lock(); defer { lock.unlock() }
        return Array(output[min(offset, output.count)...])
    }

    /// A line of `/proc/PID/FILE` such as `VmHWM:  534000 kB`, in bytes; nil when absent.
    func procKilobytes(_ file: String, _ fields: [String]) -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/\(file)", encoding: .utf8) else { return nil }
        var total = 0, seen = 0
        for line in text.split(separator: "\n") {
            let parts = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard parts.count >= 2, fields.contains(String(parts[0].dropLast())), let value = Int(parts[1]) else { continue }
            total += value
            seen += 1
        }
        return seen == fields.count ? total * 1024 : nil
    }

    /// CPU time the process has used so far (user + system, `/proc/PID/stat` fields 14 and 15): what
    /// a launch costs whatever the machine's load, which stretches the wall-clock figures.
    func cpuTime() -> Duration? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let afterName = text.range(of: ") ", options: .backwards) else { return nil }
        // Fields from the third (state) on: utime and stime are the 14th and 15th of the whole line.
        let fields = text[afterName.upperBound...].split(separator: " ")
        guard fields.count > 12, let user = Int(fields[11]), let system = Int(fields[12]) else { return nil }
        let ticks = Int(sysconf(Int32(_SC_CLK_TCK)))
        return .milliseconds((user + system) * 1000 / max(ticks, 1))
    }

    /// Quits with `q` and waits for the exit (killed after a few seconds if it hangs).
    func quit() {
        type("q")
        let deadline = ContinuousClock.now + .seconds(5)
        while process.isRunning && ContinuousClock.now < deadline { Thread.sleep(forTimeInterval: 0.01) }
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
    }

    private func drain() {
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let got = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
            if got > 0 {
                lock.lock()
                output.append(contentsOf: buffer[..<got])
                screen.feed(buffer[..<got])
                lock.unlock()
            } else if got < 0, errno == EINTR {
                continue
            } else {
                break  // EIO once the program has closed the terminal.
            }
        }
        finished.signal()
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard !needle.isEmpty, haystack.count >= needle.count else { return nil }
        var index = max(0, start)
        while index + needle.count <= haystack.count {
            if haystack[index] == needle[0], haystack[index..<(index + needle.count)].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }
}

/// A benchmark that could not run, with the reason.
struct BenchmarkError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
