import Foundation
@testable import OrdersCore

/// Makes a file read-only even for root, via the immutable flag.
enum ReadOnly {
    static func protect(_ path: String) throws {
        if geteuid() == 0 { try run(["+i", path]) } else { chmod(path, 0o444) }
    }

    static func unprotect(_ path: String) throws {
        if geteuid() == 0 { try run(["-i", path]) } else { chmod(path, 0o644) }
    }

    private static func run(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/chattr")
        process.arguments = arguments
        try process.run()
        process.waitUntilExit()
    }
}

/// The sqlite3 shell, as "another program" using the same database.
enum SQLiteShell {
    @discardableResult
    static func run(_ path: String, _ sql: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        process.arguments = [path, sql]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    /// A shell that has run `sql` and keeps its session (and locks) until released.
    final class Holder {
        let process = Process()
        let input = Pipe()
        func release() {
            guard process.isRunning else { return }
            try? input.fileHandleForWriting.close()
            process.waitUntilExit()
        }
    }

    static func hold(_ path: String, _ sql: String) throws -> Holder {
        let holder = Holder()
        holder.process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        holder.process.arguments = [path]
        holder.process.standardInput = holder.input
        let output = Pipe()
        holder.process.standardOutput = output
        try holder.process.run()
        holder.input.fileHandleForWriting.write(Data((sql + "\nSELECT 'holding';\n").utf8))
        // Wait until the shell has run the statements and holds the lock.
        var seen = Data()
        while !String(decoding: seen, as: UTF8.self).contains("holding") {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            seen += chunk
        }
        return holder
    }
}

/// `PRAGMA integrity_check` through the sqlite3 shell, independent of the code under test.
enum SQLiteIntegrity {
    static func check(_ path: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        process.arguments = [path, "PRAGMA integrity_check;"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
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
/// (a guard against hanging, not a timing assertion).
func firstChange(of stream: AsyncStream<OrderStoreChange>) async -> OrderStoreChange? {
    await withTaskGroup(of: OrderStoreChange?.self) { group in
        group.addTask {
            for await change in stream { return change }
            return nil
        }
        group.addTask {
            try? await Task.sleep(for: .seconds(20))
            return nil
        }
        let first = await group.next() ?? nil
        group.cancelAll()
        return first
    }
}
