import Foundation

/// The user this process runs as: who a database file's changes are by, unless named.
public enum OperatingSystemUser {
    /// The login name of the effective user, else `$USER`, else "unknown".
    public static func name(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let entry = getpwuid(geteuid()), let name = entry.pointee.pw_name {
            let user = String(cString: name)
            if !user.isEmpty { return user }
        }
        return environment["USER"].flatMap { $0.isEmpty ? nil : $0 } ?? "unknown"
    }
}
