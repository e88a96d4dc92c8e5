import Foundation
import TermRender
import Testing

/// Compares a whole rendered screen with a file in `Tests/Snapshots/OrdersScreensTests/`.
///
/// The file holds every row quoted (so trailing spaces show), then one line per run of
/// same-styled, non-plain cells, so a lost colour or highlight fails as surely as a moved
/// character. A missing snapshot is written and the test fails, so every new snapshot is
/// looked at before it counts; `RECORD_SNAPSHOTS=1` rewrites them after an intended change.
@MainActor
func expectScreenSnapshot(_ backend: TestBackend, named name: String, filePath: String = #filePath,
                          sourceLocation: SourceLocation = #_sourceLocation) {
    let directory = URL(fileURLWithPath: filePath)
        .deletingLastPathComponent() // OrdersScreensTests
        .deletingLastPathComponent() // Tests
        .appendingPathComponent("Snapshots/OrdersScreensTests")
    let file = directory.appendingPathComponent("\(name).txt")
    let actual = ScreenSnapshotText.of(backend.grid)
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

/// The text form of a buffer that snapshot files hold.
enum ScreenSnapshotText {
    /// Rows quoted, then runs of same-styled non-plain cells as `row x0-x1: style`.
    static func of(_ buffer: Buffer) -> String {
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
