import Foundation
import OrdersCore
import OrdersInterchange
import Synchronization
import TerminalTestSupport
import Testing

/// Faults around the real `orders` binary: other writers, a full disk, locks, read-only
/// folders and SIGKILL at many moments. Each leaves the database whole and says what happened.
@Suite("orders CLI under faults")
final class CLIFaultTests {
    let cli: OrdersBinary

    init() throws {
        cli = try OrdersBinary()
    }

    deinit {
        cli.removeAll()
    }

    /// A database of demo orders, wholly in its main file (no write-ahead log beside it).
    func demoDatabase(_ name: String, count: Int = 5000) throws -> String {
        let path = cli.path(name)
        let result = try cli.run(["demo", "--count", "\(count)", "--db", path])
        #expect(result.status == 0, "\(result.stderr)")
        try SQLiteShell.run(path, "PRAGMA wal_checkpoint(TRUNCATE);")
        return path
    }

    /// Every order, exactly, through the binary's own export.
    func everything(_ db: String) throws -> String {
        let result = try cli.run(["export", "--db", db, "--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdout
    }

    /// A CSV file of demo orders `first…last` (seed 4), not in the seed-20260101 demo set.
    func importFile(_ name: String, ids: ClosedRange<Int>) throws -> String {
        let file = cli.path(name)
        var exporter = OrderExporter(format: .csv)
        let orders = DemoDataGenerator(seed: 4, now: Date(millisecondsSince1970: 1_790_000_000_000))
            .orders(numbers: ids.lowerBound..<ids.upperBound + 1, of: ids.upperBound)
        try (exporter.prologue() + exporter.text(for: orders)).write(toFile: file, atomically: true, encoding: .utf8)
        return file
    }

    // MARK: Two writers

    // Synchronous threads on purpose: each runs 250 processes one after another.
    @Test func twoProcessesAdding250NotesEachToOneOrderLoseNone() throws {
        let db = try demoDatabase("notes.db", count: 50)
        let failures = LockedFailures()
        let group = DispatchGroup()
        for writer in ["ana", "bo"] {
            group.enter()
            Thread.detachNewThread { [cli] in
                for index in 0..<250 {
                    let result = try? cli.run(["note", "7", "\(writer) \(index)", "--db", db, "--actor", writer])
                    if result?.status != 0 { failures.add("\(writer) \(index): \(result?.stderr ?? "did not run")") }
                }
                group.leave()
            }
        }
        group.wait()
        #expect(failures.all.isEmpty, "\(failures.all.count) refused, first: \(failures.all.first ?? "")")
        let shown = try cli.run(["show", "7", "--db", db, "--format", "json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(shown.stdout.utf8)) as? [String: Any])
        let notes = try #require(object["notes"] as? [[String: Any]])
        #expect(notes.count == 500)
        for writer in ["ana", "bo"] {
            let texts = notes.filter { $0["author"] as? String == writer }.map { $0["text"] as? String ?? "" }
            #expect(texts == (0..<250).map { "\(writer) \($0)" }, "each writer's notes, all there, in its order")
        }
        #expect(object["version"] as? Int == 501)
    }

    // MARK: A full disk

    static let fullDisk = "cannot grow: the disk is full (or a file size limit was reached); nothing was written."

    @Test(arguments: [["note", "42", "a long note"], ["set-status", "PENDING", "cancelled"], ["flag", "42"], ["import", "IMPORT"]])
    func aFullDiskFailsTheWriteInOneSentenceAndChangesNothing(_ arguments: [String]) throws {
        let db = try demoDatabase("full.db")
        let file = try importFile("more.csv", ids: 5001...7000)
        let pending = try cli.run(["list", "--db", db, "--status", "pending", "--format", "csv", "--limit", "1"])
        let pendingID = try #require(try OrderCSV.decode(Array(pending.stdout.utf8), fileName: "x").first).id.description
        let arguments = arguments.map { $0 == "IMPORT" ? file : $0 == "PENDING" ? pendingID : $0 }
        let before = try everything(db)
        // Another program keeps the database open, so the write-ahead log index exists and
        // the first thing to need room is the write itself.
        let holder = try SQLiteShell.hold(db, "SELECT count(*) FROM orders;")
        defer { holder.release() }
        let result = try cli.run(fileSizeLimit: 8, arguments + ["--db", db])
        #expect(result.status == 1, "\(arguments): \(result.stdout)")
        #expect(result.errorLines == ["orders: The database \(db) \(Self.fullDisk)"], "\(arguments)")
        holder.release()
        #expect(try SQLiteIntegrity.check(db) == "ok")
        #expect(try everything(db) == before, "\(arguments) changed the database")
        // With room again the same command works.
        #expect(try cli.run(arguments + ["--db", db]).status == 0)
    }

    // MARK: Locks and read-only places

    @Test func aLockedDatabaseIsReportedAfterABoundedWaitAndNothingIsWritten() throws {
        let db = try demoDatabase("locked.db")
        let file = try importFile("more.csv", ids: 5001...5100)
        let before = try everything(db)
        let holder = try SQLiteShell.hold(db, "BEGIN EXCLUSIVE; UPDATE orders SET version = version WHERE id = 1;")
        defer { holder.release() }
        for arguments in [["note", "1", "hello"], ["set-status", "1", "cancelled"], ["import", file]] {
            let started = Date()
            let result = try cli.run(arguments + ["--db", db])
            let waited = Date().timeIntervalSince(started)
            #expect(result.status == 1, "\(arguments)")
            #expect(result.errorLines == ["orders: The database \(db) is locked by another program; try again when it has finished."], "\(arguments)")
            // A guard against hanging forever, not a timing assertion: it waits, then gives up.
            #expect(waited < 60, "\(arguments) waited \(waited) s")
        }
        holder.release()
        #expect(try SQLiteIntegrity.check(db) == "ok")
        #expect(try everything(db) == before)
    }

    @Test func aDatabaseInAReadOnlyFolderIsRefusedInOneSentence() throws {
        let folder = cli.path("shelf")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let db = folder + "/orders.db"
        #expect(try cli.run(["demo", "--count", "30", "--db", db]).status == 0)
        let bytes = FileManager.default.contents(atPath: db)
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        try ReadOnly.protect(folder)
        defer { try? ReadOnly.unprotect(folder) }
        for arguments in [["list"], ["note", "1", "hello"], ["flag", "1"], []] {
            let result = try cli.run(arguments + ["--db", db])
            #expect(result.status == 1, "\(arguments)")
            #expect(result.errorLines == ["orders: The database \(db) is in a read-only folder; orders needs to create files next to it."], "\(arguments)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == files)
        #expect(FileManager.default.contents(atPath: db) == bytes)
    }

    // MARK: SIGKILL

    // Synchronous on purpose (see CLITests.anImportKilledHalfWayLeavesAllOrNothing).
    @Test func demoKilledWhileWritingLeavesNoOrders() throws {
        let db = cli.path("demo.db")
        let process = try cli.start(["demo", "--count", "300000", "--db", db])
        // Killed once its one transaction has written a good part of the orders to the log.
        var killedMidWrite = false
        try waitUntil("the demo's write-ahead log to pass 8 MB (or the demo to end)", within: .seconds(300), polling: .milliseconds(5)) {
            guard process.isRunning else { return true }
            let logSize = (try? FileManager.default.attributesOfItem(atPath: db + "-wal")[.size] as? Int) ?? 0
            guard logSize > 8_000_000 else { return false }
            process.signal(SIGKILL)
            killedMidWrite = true
            return true
        }
        process.waitUntilExit()
        #expect(killedMidWrite, "the demo finished before it could be killed; make it larger")
        #expect(try SQLiteIntegrity.check(db) == "ok")
        let check = try cli.run(["list", "--db", db, "--limit", "0"])
        #expect(check.stdout.hasSuffix("\n0 of 0 matching orders\n"), "\(check.stdout)\(check.stderr)")
        // Still empty, so demo data can be written again.
        #expect(try cli.run(["demo", "--count", "10", "--db", db]).status == 0)
    }

    // Synchronous on purpose: the delays must be slept on a thread of their own.
    @Test func anImportKilledAtTwentyMomentsLeavesAllOrNothingEveryTime() throws {
        let base = try demoDatabase("base.db", count: 100)
        let file = try importFile("more.csv", ids: 101...3100)
        let baseBytes = try #require(FileManager.default.contents(atPath: base))
        func freshCopy(_ name: String) throws -> String {
            let path = cli.path(name)
            try baseBytes.write(to: URL(fileURLWithPath: path))
            return path
        }
        // How long one whole import takes here, now: the kills are spread over its first 80%.
        // The quicker of two runs, and not the whole of it, because a shared machine's load
        // changes from one run to the next and a kill after the end proves nothing.
        var whole = Double.infinity
        for attempt in 0..<2 {
            let timed = try freshCopy("timed-\(attempt).db")
            let started = Date()
            #expect(try cli.run(["import", file, "--db", timed]).status == 0)
            whole = min(whole, Date().timeIntervalSince(started) * 0.8)
        }

        var outcomes: [String] = []
        var killed = 0
        for moment in 0..<20 {
            let db = try freshCopy("killed-\(moment).db")
            let process = try cli.start(["import", file, "--db", db])
            usleep(useconds_t(whole * Double(moment) / 20 * 1_000_000))
            process.signal(SIGKILL)
            if process.waitUntilExit() == .signalled(SIGKILL) { killed += 1 }
            #expect(try SQLiteIntegrity.check(db) == "ok", "moment \(moment)")
            let count = try cli.run(["list", "--db", db, "--limit", "0"])
            #expect(count.status == 0, "moment \(moment): \(count.stderr)")
            let total = count.stdout.split(separator: "\n").last.map(String.init) ?? ""
            #expect(["0 of 100 matching orders", "0 of 3100 matching orders"].contains(total), "moment \(moment): \(total)")
            outcomes.append(total)
        }
        // Most moments fall inside the import (reading the file, or writing it).
        #expect(killed >= 15, "only \(killed) of 20 were killed before finishing: \(outcomes)")
        #expect(outcomes.contains("0 of 100 matching orders"))
    }
}

private final class LockedFailures: Sendable {
    private let storage = Mutex<[String]>([])
    func add(_ failure: String) { storage.withLock { $0.append(failure) } }
    var all: [String] { storage.withLock { $0 } }
}
