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
