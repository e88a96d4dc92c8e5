/// The commit this binary was built from, for `orders --version`.
///
/// `./dev` writes `BuildCommit+Generated.swift` (git-ignored) before it builds: an extension
/// declaring `BuildCommit.commit` from `git describe --always --dirty`. A member the type declares
/// itself is chosen over the protocol extension's default below, so with the file the commit is
/// the one captured at build time, and without it (a plain `swift build` in a fresh clone) the
/// build still succeeds and says the commit is unknown. No package plugin, and no file to edit.
/// A plain `swift build` after `./dev` keeps the last commit `./dev` wrote.
protocol BuildCommitSource {
    static var commit: String? { get }
}

extension BuildCommitSource {
    static var commit: String? { nil }
}

enum BuildCommit: BuildCommitSource {
    /// "orders 0.1.0 (commit 1a2b3c4)".
    static var versionLine: String {
        CommandCatalog.version + " (commit " + (commit ?? "unknown: built without ./dev") + ")"
    }
}
