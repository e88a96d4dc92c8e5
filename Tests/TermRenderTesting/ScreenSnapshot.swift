import Foundation
import TermRender
import Testing

/// Compares a whole rendered screen with a snapshot file in `Tests/Snapshots/<test target>/`.
///
/// The file holds every row quoted (so trailing spaces show), then one line per run of
/// same-styled, non-plain cells, so a lost colour or highlight fails as surely as a moved
/// character. A missing snapshot is written and the test fails, so every new snapshot is
/// looked at before it counts; `RECORD_SNAPSHOTS=1` rewrites them after an intended change.
/// The files live outside the test targets' folders: SwiftPM warns about files in a target
/// that are neither sources nor declared resources.
public func expectSnapshot(_ buffer: Buffer, named name: String, filePath: String = #filePath,
                           sourceLocation: SourceLocation = #_sourceLocation) {
    let testTarget = URL(fileURLWithPath: filePath).deletingLastPathComponent()
    let directory = testTarget.deletingLastPathComponent()
        .appendingPathComponent("Snapshots")
        .appendingPathComponent(testTarget.lastPathComponent)
    let file = directory.appendingPathComponent("\(name).txt")
    let actual = ScreenSnapshot.text(of: buffer)
    let recording = ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1"
    guard !recording, let expected = try? String(contentsOf: file, encoding: .utf8) else {
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try actual.write(to: file, atomically: true, encoding: .utf8)
            Issue.record("Recorded snapshot \(name); check it by eye and run again", sourceLocation: sourceLocation)
        } catch {
            Issue.record("Could not write snapshot \(name): \(error)", sourceLocation: sourceLocation)
        }
        return
    }
    if expected != actual {
        let report = ScreenComparison.mismatch(actual: actual.components(separatedBy: "\n"),
                                               expected: expected.components(separatedBy: "\n")) ?? ""
        Issue.record(Comment(rawValue: "Snapshot \(name) differs (RECORD_SNAPSHOTS=1 to accept):\n\(report)"),
                     sourceLocation: sourceLocation)
    }
}

/// The same, for the screen a test backend shows.
@MainActor
public func expectScreenSnapshot(_ backend: TestBackend, named name: String, filePath: String = #filePath,
                                 sourceLocation: SourceLocation = #_sourceLocation) {
    expectSnapshot(backend.grid, named: name, filePath: filePath, sourceLocation: sourceLocation)
}

/// The text form of a buffer that snapshot files hold.
public enum ScreenSnapshot {
    /// Rows quoted, then runs of same-styled non-plain cells as `row x0-x1: style`.
    public static func text(of buffer: Buffer) -> String {
        var text = buffer.lines.map { "\"\($0)\"" }.joined(separator: "\n") + "\n--- styles\n"
        for y in 0..<buffer.size.height {
            var x = 0
            while x < buffer.size.width {
                let style = buffer[x: x, y: y].style
                var end = x
                while end + 1 < buffer.size.width && buffer[x: end + 1, y: y].style == style { end += 1 }
                if style != .plain { text += "\(y) \(x)-\(end): \(describe(style))\n" }
                x = end + 1
            }
        }
        return text
    }

    static func describe(_ style: Style) -> String {
        var parts: [String] = []
        if style.foreground != .default { parts.append("fg=\(describe(style.foreground))") }
        if style.background != .default { parts.append("bg=\(describe(style.background))") }
        let names: [(TextAttributes, String)] = [(.bold, "bold"), (.dim, "dim"), (.italic, "italic"),
                                                 (.underline, "underline"), (.reverse, "reverse")]
        parts += names.filter { style.attributes.contains($0.0) }.map(\.1)
        return parts.joined(separator: " ")
    }

    static func describe(_ color: Color) -> String {
        switch color {
        case .default: "default"
        case .ansi(let index): "ansi\(index)"
        case .indexed(let index): "indexed\(index)"
        case .rgb(let r, let g, let b): "rgb(\(r),\(g),\(b))"
        }
    }
}
