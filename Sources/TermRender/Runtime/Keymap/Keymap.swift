/// The key bindings of one context (a screen, a dialog, a text field), in the
/// order they are listed in hints and help.
public struct Keymap: Hashable, Sendable {
    /// The context's name, as shown in conflict reports: `"order list"`.
    public var context: String
    public private(set) var bindings: [KeyBinding]

    public init(context: String, bindings: [KeyBinding]) {
        self.context = context
        self.bindings = bindings
    }

    /// The first enabled binding that `key` triggers.
    public func binding(for key: KeyPress) -> KeyBinding? {
        bindings.first { $0.isEnabled && $0.keys.contains(key) }
    }

    /// The action `key` triggers here, if any.
    public func action(for key: KeyPress) -> String? {
        binding(for: key)?.action
    }

    /// The binding for an action, enabled or not.
    public func binding(forAction action: String) -> KeyBinding? {
        bindings.first { $0.action == action }
    }

    /// Enables or disables an action (e.g. "complete" only when an order is selected).
    public mutating func setEnabled(_ enabled: Bool, for action: String) {
        for index in bindings.indices where bindings[index].action == action {
            bindings[index].isEnabled = enabled
        }
    }

    /// Replaces the keys of an action.
    public mutating func setKeys(_ keys: [KeyPress], for action: String) {
        for index in bindings.indices where bindings[index].action == action {
            bindings[index].keys = keys
        }
    }

    /// Enabled bindings, in order: what hints and help show.
    public var activeBindings: [KeyBinding] {
        bindings.filter(\.isEnabled)
    }

    /// Enabled footer bindings, in order.
    public var footerBindings: [KeyBinding] {
        bindings.filter { $0.isEnabled && $0.showsInFooter && !$0.keys.isEmpty }
    }

    /// Enabled bindings grouped for the help overlay, groups in first-seen order.
    public var groupedBindings: [(group: String, bindings: [KeyBinding])] {
        var groups: [(group: String, bindings: [KeyBinding])] = []
        for binding in activeBindings {
            if let index = groups.firstIndex(where: { $0.group == binding.group }) {
                groups[index].bindings.append(binding)
            } else {
                groups.append((binding.group, [binding]))
            }
        }
        return groups
    }

    /// Keys bound to more than one enabled action in this context.
    public var conflicts: [KeyConflict] {
        var actionsByKey: [KeyPress: [String]] = [:]
        var order: [KeyPress] = []
        for binding in bindings where binding.isEnabled {
            for key in binding.keys {
                if actionsByKey[key] == nil { order.append(key) }
                if actionsByKey[key]?.contains(binding.action) != true {
                    actionsByKey[key, default: []].append(binding.action)
                }
            }
        }
        return order.compactMap { key in
            guard let actions = actionsByKey[key], actions.count > 1 else { return nil }
            return KeyConflict(context: context, key: key, actions: actions)
        }
    }
}

/// One key bound to several actions in the same context.
public struct KeyConflict: Hashable, Sendable, CustomStringConvertible {
    public var context: String
    public var key: KeyPress
    public var actions: [String]

    public var description: String {
        "\(key) is bound to \(actions.joined(separator: " and ")) in \(context)"
    }
}
