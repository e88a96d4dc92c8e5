import Foundation

/// The user's home folder, and `~` in a path typed by a person: `$HOME` when set, as shells do, else
/// the password file's entry. One rule for the database, the config, `:import` and `:export`
/// (Foundation's `expandingTildeInPath` reads only the password file, so under `HOME=/elsewhere`
/// an export would land in another folder than the database).
public enum HomeFolder {
    public static func path(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let home = environment["HOME"], !home.isEmpty { return home }
        return NSHomeDirectory()
    }

    /// `path` with the home folder written `~` when it is in it (`/home/ana/x` → `~/x`); any other
    /// path unchanged (the root folder as home abbreviates nothing).
    public static func abbreviating(_ path: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        let home = Self.path(environment: environment)
        let trimmed = home.count > 1 && home.hasSuffix("/") ? String(home.dropLast()) : home
        guard trimmed.count > 1 else { return path }
        if path == trimmed { return "~" }
        if path.hasPrefix(trimmed + "/") { return "~" + path.dropFirst(trimmed.count) }
        return path
    }

    /// `path` with a leading `~` or `~/` read as the home folder; `~name/…` is that user's folder
    /// (the password file's); any other path unchanged.
    public static func expandingTilde(in path: String,
                                      environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if path == "~" { return Self.path(environment: environment) }
        if path.hasPrefix("~/") { return Self.path(environment: environment) + path.dropFirst() }
        if path.hasPrefix("~") { return (path as NSString).expandingTildeInPath }
        return path
    }
}
