import Foundation
@testable import OrdersCore
@testable import OrdersStorage
import TerminalTestSupport
import Testing

/// Makes a file read-only even for root, via the immutable flag.
enum ReadOnly {
    static func protect(_ path: String) throws {
        if geteuid() == 0 { try run(["+i", path]) } else { chmod(path, 0o444) }
    }

    static func unprotect(_ path: String) throws {
        if geteuid() == 0 { try run(["-i", path]) } else { chmod(path, 0o644) }
    }

    private static func run(_ arguments: [String]) throws {
        let result = try ChildProcess.result(of: ["/usr/bin/chattr"] + arguments)
        guard result.exit == .exited(0) else { throw ToolFailure("chattr \(arguments.joined(separator: " ")): \(result.errorOutput)") }
    }
}

/// A helper program that did not do what a test needed from it.
struct ToolFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// The sqlite3 shell, as "another program" using the same database.
enum SQLiteShell {
    @discardableResult
    static func run(_ path: String, _ sql: String) throws -> String {
        try ChildProcess.result(of: ["/usr/bin/sqlite3", path, sql]).output
    }

    /// A shell that has run some SQL and keeps its session (and locks) until released.
    final class Holder {
        let shell: RunningChild

        init(shell: RunningChild) { self.shell = shell }

        /// Ends the session (end of input), and with it the shell and its locks.
        func release() {
            shell.closeInput()
            shell.waitUntilExit()
        }
    }

    /// Starts a shell that runs `sql` and keeps its session open; returns once it has
    /// run the statements and holds their locks (or throws after 60 s).
    static func hold(_ path: String, _ sql: String) throws -> Holder {
        let shell = try ChildProcess.start(["/usr/bin/sqlite3", path], output: .separate, keepingInputOpen: true)
        let holder = Holder(shell: shell)
        shell.write(sql + "\nSELECT 'holding';\n")
        do {
            try waitUntil("sqlite3 to hold \(path) with: \(sql)", within: .seconds(60), polling: .milliseconds(2)) {
                if shell.output.contains("holding") { return true }
                guard shell.isRunning else { throw ToolFailure("sqlite3 never held \(path) with: \(sql) (\(shell.errorOutput))") }
                return false
            }
        } catch {
            holder.release()
            throw error
        }
        return holder
    }
}

/// `PRAGMA integrity_check` through the sqlite3 shell, independent of the code under test.
enum SQLiteIntegrity {
    static func check(_ path: String) throws -> String {
        try ChildProcess.result(of: ["/usr/bin/sqlite3", path, "PRAGMA integrity_check;"]).output
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

/// Another connection to a database that can tell whether someone is inside a write transaction.
final class WriteLockProbe {
    private let connection: SQLiteConnection

    init(path: String) throws {
        connection = try SQLiteConnection(path: path, create: false)
        connection.setBusyTimeout(milliseconds: 0)
    }

    /// True while another connection holds the write lock (e.g. mid-import).
    func isWriteLocked() -> Bool {
        do {
            try connection.execute("BEGIN IMMEDIATE")
            try connection.execute("ROLLBACK")
            return false
        } catch let error as SQLiteError {
            return error.isBusy
        } catch {
            return false
        }
    }
}

/// The first change of a stream, or nil if none arrives within a generous bound
/// (a guard against hanging, not a timing assertion: 20 s was once too short at a load of 13 on 2 cores).
func firstChange(of stream: AsyncStream<OrderStoreChange>) async -> OrderStoreChange? {
    await withTaskGroup(of: OrderStoreChange?.self) { group in
        group.addTask {
            for await change in stream { return change }
            return nil
        }
        group.addTask {
            try? await Task.sleep(for: .seconds(60))
            return nil
        }
        let first = await group.next() ?? nil
        group.cancelAll()
        return first
    }
}
