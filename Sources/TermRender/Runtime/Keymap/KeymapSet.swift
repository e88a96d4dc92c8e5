/// All of a program's keymaps, and the user's overrides applied to them.
///
/// Contexts are consulted innermost first: `lookup(_:in:)` takes the active
/// contexts from the focused one outwards, ending with the app-wide one.
public struct KeymapSet: Hashable, Sendable {
    public private(set) var keymaps: [Keymap]

    public init(_ keymaps: [Keymap]) {
        self.keymaps = keymaps
    }

    public subscript(context: String) -> Keymap? {
        keymaps.first { $0.context == context }
    }

    /// The binding `key` triggers in the first of `contexts` that binds it.
    public func lookup(_ key: KeyPress, in contexts: [String]) -> KeyBinding? {
        for context in contexts {
            if let binding = self[context]?.binding(for: key) { return binding }
        }
        return nil
    }

    /// Every action id, each once, in order.
    public var actions: [String] {
        var seen = Set<String>()
        return keymaps.flatMap(\.bindings).map(\.action).filter { seen.insert($0).inserted }
    }

    /// Conflicts inside any one context.
    public var conflicts: [KeyConflict] {
        keymaps.flatMap(\.conflicts)
    }

    /// Enables or disables an action in every context that has it.
    public mutating func setEnabled(_ enabled: Bool, for action: String) {
        for index in keymaps.indices { keymaps[index].setEnabled(enabled, for: action) }
    }

    /// Applies user overrides ("action → key names", as read from a config
    /// file). Either every override is valid and all are applied, or nothing
    /// changes and the error lists every problem found. An empty key list
    /// unbinds the action.
    public mutating func applyOverrides(_ overrides: [String: [String]]) throws(KeymapOverrideError) {
        var problems: [KeymapOverrideError.Problem] = []
        var updated = self
        let known = Set(actions)
        for action in overrides.keys.sorted() {
            guard known.contains(action) else {
                problems.append(.unknownAction(action, suggestion: Self.closest(to: action, in: actions)))
                continue
            }
            var keys: [KeyPress] = []
            for name in overrides[action] ?? [] {
                do {
                    keys.append(try KeyPress(name: name))
                } catch {
                    problems.append(.invalidKey(action: action, error: error))
                }
            }
            for index in updated.keymaps.indices { updated.keymaps[index].setKeys(keys, for: action) }
        }
        if problems.isEmpty {
            problems += updated.conflicts.map(KeymapOverrideError.Problem.conflict)
        }
        guard problems.isEmpty else { throw KeymapOverrideError(problems: problems) }
        self = updated
    }

    /// The known action nearest to a misspelt one, for "did you mean".
    private static func closest(to name: String, in candidates: [String]) -> String? {
        let scored = candidates.map { ($0, editDistance(name.lowercased(), $0.lowercased())) }
        guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= max(2, name.count / 3) else { return nil }
        return best.0
    }

    private static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        guard !a.isEmpty else { return b.count }
        var previous = Array(0...b.count)
        for (i, ca) in a.enumerated() {
            var current = [i + 1]
            for (j, cb) in b.enumerated() {
                current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + (ca == cb ? 0 : 1)))
            }
            previous = current
        }
        return previous[b.count]
    }
}

/// Why a set of keymap overrides was rejected; lists every problem at once.
public struct KeymapOverrideError: Error, Equatable, CustomStringConvertible {
    public enum Problem: Equatable, Sendable, CustomStringConvertible {
        case unknownAction(String, suggestion: String?)
        case invalidKey(action: String, error: KeyNameError)
        case conflict(KeyConflict)

        public var description: String {
            switch self {
            case .unknownAction(let action, let suggestion):
                return "unknown action \"\(action)\"" + (suggestion.map { " (did you mean \"\($0)\"?)" } ?? "")
            case .invalidKey(let action, let error):
                return "\(action): \(error)"
            case .conflict(let conflict):
                return "conflict: \(conflict)"
            }
        }
    }

    public var problems: [Problem]

    public var description: String {
        "invalid key bindings:\n" + problems.map { "  - \($0)" }.joined(separator: "\n")
    }
}
