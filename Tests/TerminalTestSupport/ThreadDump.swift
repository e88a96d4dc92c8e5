import Foundation

/// Every thread of this test process, where it stands, for a failure that looks like the whole
/// process stalling rather than one test hanging (the shell tests' steps all waiting out their
/// settle limit in the same minute, stop 44). The run's supervisor prints full backtraces only when
/// the whole run goes silent; this is the same look taken from inside, at the moment a test gives up.
public enum ThreadDump {
    /// What each thread of this process is doing now, summarised (`summary(ofGDB:)`); nil when gdb
    /// could not look (not installed, or not allowed to attach).
    public static func ofThisProcess() -> String? {
        // gdb stops every thread while it looks, the one reading its output too: the backtraces go
        // to a file, not a pipe, so that gdb never waits on a full pipe nobody can drain.
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("orders-thread-dump-\(getpid()).txt").path
        defer { try? FileManager.default.removeItem(atPath: file) }
        let gdb = "timeout 120 gdb -p \(getpid()) -batch -nx -ex 'set pagination off' -ex 'thread apply all bt 40' > '\(file)' 2>&1"
        guard let finished = try? ChildProcess.run(["/bin/sh", "-c", gdb]), finished.status == 0,
              let text = try? String(contentsOfFile: file, encoding: .utf8), text.contains("\nThread ") || text.hasPrefix("Thread ")
        else { return nil }
        return summary(ofGDB: text)
    }

    /// One line a thread that is in the project's code: its name, its innermost frame, the
    /// innermost `framesPerThread` frames of the project's code (modules `Orders…`, `TermRender…`,
    /// `TerminalT…`) and its outermost one (the test it serves). Threads in none of it (the
    /// runtime's idle workers) are counted, not listed.
    public static func summary(ofGDB text: String, framesPerThread: Int = 3) -> String {
        var threads: [(name: String, frames: [String])] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            if line.hasPrefix("Thread ") {
                let name = line.split(separator: "\"").dropFirst().first.map(String.init) ?? "?"
                threads.append((name, []))
            } else if line.hasPrefix("#"), !threads.isEmpty, let symbol = symbol(inFrame: line) {
                threads[threads.count - 1].frames.append(symbol)
            }
        }
        var lines: [String] = []
        var idle = 0
        for thread in threads {
            let ours = thread.frames.filter(isProjectCode)
            guard let innermost = thread.frames.first, let outermost = ours.last else {
                idle += 1
                continue
            }
            // The outermost is the test (or the task) the thread serves: always named.
            var shown = Array(ours.prefix(framesPerThread)).joined(separator: " ← ")
            if ours.count > framesPerThread { shown += (ours.count > framesPerThread + 1 ? " ← … ← " : " ← ") + outermost }
            lines.append("\(thread.name): \(innermost) ← " + shown)
        }
        lines.append("\(idle) thread\(idle == 1 ? "" : "s") in none of the project's code")
        return lines.joined(separator: "\n")
    }

    /// The function a gdb frame line names: `#3  0x… in NAME (args) at file:line` or `#0  NAME (…)`.
    static func symbol(inFrame line: Substring) -> String? {
        let words = line.split(separator: " ", omittingEmptySubsequences: true)
        guard words.count >= 2 else { return nil }
        if let inWord = words.firstIndex(of: "in"), inWord + 1 < words.endIndex { return String(words[inWord + 1]) }
        return String(words[1])
    }

    /// Whether a (mangled) symbol is in one of the project's modules or its tests.
    static func isProjectCode(_ symbol: String) -> Bool {
        ["Orders", "TermRender", "TerminalT"].contains { symbol.contains($0) }
    }
}
