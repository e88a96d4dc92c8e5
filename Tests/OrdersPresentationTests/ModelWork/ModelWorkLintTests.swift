import Foundation
import Testing

/// No presentation model creates a task of its own (issue 26): each starts its work through the
/// environment's `ModelWork`, which the app shell owns, so the shell knows all that is under way.
/// This reads OrdersPresentation's sources, leaving out comments, and names every file and line
/// that creates a task anywhere else than `ModelWork.swift`.
@Suite struct ModelWorkLintTests {
    static let presentation = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/OrdersPresentation")

    /// `Task {`, `Task(`, `Task.detached`, `Task<…>(` and a task group: the ways to start concurrent work.
    static let creatingATask = try! NSRegularExpression(
        pattern: #"\bTask\s*(\{|\(|\.detached\b|<[^>]*>\s*[({])|\bwith(Throwing)?(Discarding)?TaskGroup\b"#)

    @Test func noModelCreatesATaskOfItsOwn() throws {
        let files = try #require(FileManager.default.enumerator(atPath: Self.presentation.path))
            .compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
        #expect(files.count > 100, "read \(files.count) files under \(Self.presentation.path)")
        var found: [String] = []
        for file in files.sorted() where file != "ModelWork.swift" {
            let text = try String(contentsOf: Self.presentation.appendingPathComponent(file), encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let code = String(line.split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
                let range = NSRange(code.startIndex..., in: code)
                if Self.creatingATask.firstMatch(in: code, range: range) != nil {
                    found.append("\(file):\(number + 1): \(line.trimmingCharacters(in: .whitespaces))")
                }
            }
        }
        #expect(found == [])
    }

    @Test func theLintFindsATaskWhereOneIsCreated() {
        for line in ["task = Task { await load() }", "Task.detached(priority: .low) { }", "let t = Task<Int, Never> { 1 }",
                     "await withTaskGroup(of: Int.self) { _ in }"] {
            #expect(Self.creatingATask.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)) != nil, "\(line)")
        }
        for line in ["var work: Task<Void, Never>?", "try Task.checkCancellation()", "guard !Task.isCancelled else { return }"] {
            #expect(Self.creatingATask.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)) == nil, "\(line)")
        }
    }
}
