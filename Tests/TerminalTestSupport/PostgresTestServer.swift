import Foundation

/// A private PostgreSQL server for the tests, started once per test process:
/// `initdb` into a temporary folder and `pg_ctl start` listening only on a Unix
/// socket in that folder (no TCP port, so nothing clashes with another server).
///
/// `initdb` refuses to run as root, and CI runs as root: then the server runs as
/// the unprivileged `postgres` user that Debian's package creates. A guardian
/// process stops the server and removes the folder as soon as the test process is
/// gone, whether it finished, failed or crashed.
public final class PostgresTestServer: Sendable {
    /// The folder holding the data directory, the log and the socket.
    public let folder: String
    public let user = "orders_test"
    private let binaries: String
    private let runsAsPostgresUser: Bool
    private static let databaseCounter = SequenceCounter()

    /// The process's server, started on first use.
    public static let shared: Result<PostgresTestServer, PostgresTestServerError> = {
        do { return .success(try PostgresTestServer()) } catch let error as PostgresTestServerError { return .failure(error) } catch {
            return .failure(PostgresTestServerError(message: "\(error)"))
        }
    }()

    /// A server of the caller's own, for tests that stop, restart or cut it (the shared one
    /// must stay up for every other test of the process). Stopped and removed with the process,
    /// like the shared one, or earlier by `shutDown()`.
    public static func makePrivate() throws -> PostgresTestServer {
        try PostgresTestServer()
    }

    /// PostgreSQL tests must not skip on CI.
    public static var isRequired: Bool { ProcessInfo.processInfo.environment["CI"] == "true" }

    private init() throws {
        guard let binaries = Self.findBinaries() else {
            throw PostgresTestServerError(message: "PostgreSQL's server programs were not found under /usr/lib/postgresql; install them with: sudo apt-get install -y postgresql")
        }
        self.binaries = binaries
        runsAsPostgresUser = getuid() == 0
        folder = "/tmp/orders-pg-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false,
                                                attributes: [.posixPermissions: 0o700])
        if runsAsPostgresUser {
            guard let account = getpwnam("postgres") else {
                throw PostgresTestServerError(message: "running as root, the tests need the unprivileged user 'postgres' (created by Debian's postgresql package) to run the server")
            }
            guard chown(folder, account.pointee.pw_uid, account.pointee.pw_gid) == 0 else {
                throw PostgresTestServerError(message: "could not hand \(folder) to the postgres user: errno \(errno)")
            }
        }
        startGuardian()
        try runTool("initdb", ["-D", dataDirectory, "-U", user, "-A", "trust", "-E", "UTF8", "--locale=C.UTF-8",
                               "--no-sync", "--no-instructions"])
        try start()
    }

    /// Durability settings are off: the data is thrown away, and the suite runs faster. Every
    /// PostgreSQL test of the process shares this server, and a served list holds three
    /// connections a store (rows, counts, the change listener): two whole runs of stop 45, with
    /// the suites finishing sooner and so overlapping more, met "too many clients" at 400.
    private var serverOptions: String {
        "-k \(folder) -c listen_addresses='' -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=1000"
    }

    /// Starts the server (again) on the same data and socket, waiting until it accepts connections.
    public func start() throws {
        try runTool("pg_ctl", ["-D", dataDirectory, "-l", "\(folder)/server.log", "-w", "-t", "60", "-o", serverOptions, "start"])
    }

    /// Stops the server as an administrator's `pg_ctl stop -m fast` does: every session is
    /// ended (its clients see the connection close) and nothing more is accepted until `start()`.
    public func stop() throws {
        try runTool("pg_ctl", ["-D", dataDirectory, "-m", "fast", "-w", "-t", "60", "stop"])
    }

    /// Ends every session on one database but this one's, as `pg_terminate_backend` does when an
    /// administrator (or an idle timeout, or a pooler) cuts connections without a restart.
    /// Returns how many sessions were ended.
    @discardableResult
    public func terminateSessions(database: String) throws -> Int {
        let result = try ChildProcess.run(["\(binaries)/psql", "-h", folder, "-U", user, "-d", database, "-X", "-q", "-t", "-A", "-c", """
            SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity
            WHERE datname = current_database() AND pid <> pg_backend_pid()
            """])
        guard result.status == 0, let count = Int(result.output.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw PostgresTestServerError(message: "pg_terminate_backend failed: \(result.output)")
        }
        return count
    }

    /// The database name of a connection string or URL this server made.
    public static func databaseName(of connection: String) -> String? {
        if let range = connection.range(of: "dbname=") { return String(connection[range.upperBound...].prefix { $0 != " " }) }
        if let slashes = connection.range(of: ":///") { return String(connection[slashes.upperBound...].prefix { $0 != "?" }) }
        return nil
    }

    /// Stops a private server at once and removes its folder.
    public func shutDown() {
        try? runTool("pg_ctl", ["-D", dataDirectory, "-m", "immediate", "-w", "stop"])
        try? FileManager.default.removeItem(atPath: folder)
    }

    private var dataDirectory: String { "\(folder)/data" }

    /// A new, empty database on the server; returns its libpq connection string.
    public func makeDatabase() throws -> String {
        connectionString(database: try createDatabase())
    }

    /// A new, empty database on the server as a `postgresql://` URL, as a person passes it to
    /// `orders --db` (the socket folder and the user as URL parameters).
    public func makeDatabaseURL() throws -> String {
        "postgresql:///\(try createDatabase())?host=\(folder)&user=\(user)"
    }

    private func createDatabase() throws -> String {
        let name = "orders_test_\(Self.databaseCounter.next())"
        let result = try ChildProcess.run(["\(binaries)/createdb", "-h", folder, "-U", user, "-T", "template0", "-E", "UTF8", name])
        guard result.status == 0 else { throw PostgresTestServerError(message: "createdb failed: \(result.output)") }
        return name
    }

    public func connectionString(database: String) -> String {
        "host=\(folder) user=\(user) dbname=\(database)"
    }

    /// The server's log, for a failing test's message.
    public func log() -> String {
        (try? String(contentsOfFile: "\(folder)/server.log", encoding: .utf8)) ?? ""
    }

    private func runTool(_ tool: String, _ arguments: [String]) throws {
        // Run from the server's folder: the postgres user may not be allowed into ours.
        let command = (runsAsPostgresUser ? ["runuser", "-u", "postgres", "--"] : []) + ["env", "-C", folder, "\(binaries)/\(tool)"] + arguments
        let result = try ChildProcess.run(command)
        guard result.status == 0 else {
            throw PostgresTestServerError(message: "\(tool) failed with status \(result.status): \(result.output)\n\(log())")
        }
    }

    /// A detached shell that waits for this process to end, then stops the server
    /// at once and removes its folder.
    private func startGuardian() {
        let asPostgres = runsAsPostgresUser ? "runuser -u postgres -- " : ""
        let script = """
            while kill -0 \(getpid()) 2>/dev/null; do sleep 1; done
            \(asPostgres)'\(binaries)/pg_ctl' -D '\(dataDirectory)' -m immediate stop >/dev/null 2>&1
            rm -rf '\(folder)'
            """
        // A guardian that cannot start only means a server left running after a crash.
        try? ChildProcess.startDetached(["/bin/sh", "-c", script])
    }

    /// The newest installed PostgreSQL's program folder (`ORDERS_PG_BINDIR` overrides).
    private static func findBinaries() -> String? {
        if let override = ProcessInfo.processInfo.environment["ORDERS_PG_BINDIR"], !override.isEmpty { return override }
        let root = "/usr/lib/postgresql"
        let versions = (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []
        return versions.compactMap(Int.init).sorted(by: >).map { "\(root)/\($0)/bin" }
            .first { FileManager.default.isExecutableFile(atPath: "\($0)/initdb") }
    }
}

public struct PostgresTestServerError: Error, CustomStringConvertible, Sendable {
    public var message: String
    public init(message: String) { self.message = message }
    public var description: String { message }
}
