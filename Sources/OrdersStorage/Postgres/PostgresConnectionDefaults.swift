import CPostgres
import Foundation

/// What `orders` asks of every PostgreSQL connection unless the person's connection string
/// (`?connect_timeout=30`) or libpq's own environment variable for that setting
/// (`PGCONNECT_TIMEOUT`) says otherwise.
///
/// libpq's defaults suit a program that runs a query and exits; an operator who keeps `orders`
/// open all day over a network that drops (a laptop suspended, a NAT that forgets an idle
/// connection) would otherwise sit on a connection that is silently dead until the next write
/// hangs for the kernel's 15 minutes of retransmissions. With these, the kernel ends such a
/// connection within about a minute, which the listener notices and reconnects.
enum PostgresConnectionDefaults {
    static let settings: [(keyword: String, value: String)] = [
        // A server that does not answer is reported after 10 s instead of libpq's unbounded wait.
        ("connect_timeout", "10"),
        // An idle connection whose other end vanished is given up after 30 s of silence and
        // three unanswered probes 10 s apart (ignored on a Unix socket, which cannot half-open).
        ("keepalives", "1"),
        ("keepalives_idle", "30"),
        ("keepalives_interval", "10"),
        ("keepalives_count", "3"),
        // Data sent but not acknowledged for 60 s ends the connection rather than hanging a write.
        ("tcp_user_timeout", "60000"),
        // How the server's pg_stat_activity names us, unless the person named the application.
        ("fallback_application_name", "orders"),
    ]

    /// The keyword/value pairs for `PQconnectdbParams` (with `expand_dbname`): the settings
    /// first, then the person's connection string as `dbname`. libpq keeps the last value of a
    /// repeated keyword, and the string's fields count at `dbname`'s place, so anything the
    /// string names wins over a setting here. A setting whose environment variable is set is
    /// left out, because libpq reads the environment only for keywords it was not given.
    static func parameters(connectionString: String,
                           environment: [String: String]) -> [(keyword: String, value: String)] {
        let ours = settings.filter { setting in
            guard let variable = environmentVariables[setting.keyword] else { return true }
            return environment[variable]?.isEmpty ?? true
        }
        return ours + [("dbname", connectionString)]
    }

    /// Each keyword's environment variable, as libpq itself names them (`PQconndefaults`).
    static let environmentVariables: [String: String] = {
        guard let options = PQconndefaults() else { return [:] }
        defer { PQconninfoFree(options) }
        var variables: [String: String] = [:]
        var option = options
        while let keyword = option.pointee.keyword {
            if let variable = option.pointee.envvar {
                variables[String(cString: keyword)] = String(cString: variable)
            }
            option += 1
        }
        return variables
    }()
}
