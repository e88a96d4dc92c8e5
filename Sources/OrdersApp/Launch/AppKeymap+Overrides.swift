import OrdersScreens
import TermRender

extension AppKeymap {
    /// The default keymaps with the user's overrides applied, or the defaults and why not.
    public static func withOverrides(_ overrides: [String: [String]]) -> (KeymapSet, String?) {
        var keymaps = defaults()
        guard !overrides.isEmpty else { return (keymaps, nil) }
        do {
            try keymaps.applyOverrides(overrides)
            return (keymaps, nil)
        } catch {
            let first = error.problems.first.map { "\($0)" } ?? "invalid"
            let more = error.problems.count > 1 ? " (and \(error.problems.count - 1) more)" : ""
            return (defaults(), "config keys: \(first)\(more); using default keys")
        }
    }
}
