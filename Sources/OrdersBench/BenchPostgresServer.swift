import Foundation

/// A private PostgreSQL server for one benchmark run, started the way the tests start theirs
/// (`Tests/TerminalTestSupport/PostgresTestServer.swift`): `initdb` into a scratch folder and
/// `pg_ctl start` on a Unix socket there (no TCP port), as the unprivileged `postgres` user when
/// run as root, which `initdb` refuses. Unlike the tests' server it keeps durability on, as a
/// team's server would. Stopped by `stop()`.
final class BenchPostgresServer {
    let folder: String
    let user = "orders_bench"
    let binaries: String
    private let asPostgres: [String]

    init() throws {
        let root = "/usr/lib/postgresql"
        guard let version = ((try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []).compactMap(Int.init).max() else {
            throw BenchmarkError("PostgreSQL's server programs are not under \(root): sudo apt-get install -y postgresql")
        }
        binaries = "\(root)/\(version)/bin"
        folder = "/tmp/orders-bench-pg-\(getpid())"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false,
                                                attributes: [.posixPermissions: 0o700])
        if getuid() == 0 {
            guard let account = getpwnam("postgres"), chown(folder, account.pointee.pw_uid, account.pointee.pw_gid) == 0 else {
                throw BenchmarkError("running as root, the benchmark needs the postgres user to own \(folder)")
            }
            asPostgres = ["runuser", "-u", "postgres", "--"]
        } else {
            asPostgres = []
        }
        try tool("initdb", ["-D", "\(folder)/data", "-U", user, "-A", "trust", "-E", "UTF8", "--locale=C.UTF-8", "--no-instructions"])
        try tool("pg_ctl", ["-D", "\(folder)/data", "-l", "\(folder)/server.log", "-w", "-t", "60",
                            "-o", "-k \(folder) -c listen_addresses=''", "start"])
    }

    /// A new database; returns its `postgresql://` URL as an operator would pass it to `orders --db`.
    func makeDatabase(_ name: String) throws -> String {
        try tool("createdb", ["-h", folder, "-U", user, "-T", "template0", "-E", "UTF8", name])
        return "postgresql:///\(name)?host=\(folder)&user=\(user)"
    }

    /// Runs SQL on a database (`psql -c`).
    func execute(_ sql: String, database: String) throws {
        try tool("psql", ["-h", folder, "-U", user, "-d", database, "-q", "-c", sql])
    }

    func stop() {
        try? tool("pg_ctl", ["-D", "\(folder)/data", "-m", "fast", "stop"])
        try? FileManager.default.removeItem(atPath: folder)
    }

    private func tool(_ name: String, _ arguments: [String]) throws {
        // posix_spawn and wait4 (`ChildProcess`): Foundation's `Process` left `runuser` unreaped
        // here once `pg_ctl` had started the server, and waited for ever.
        let command = ["-C", folder] + asPostgres + ["\(binaries)/\(name)"] + arguments
        let result = try ChildProcess.run("/usr/bin/env", command)
        guard result.status == 0 else { throw BenchmarkError("\(name) failed (\(result.status)): \(result.output)") }
    }
}
