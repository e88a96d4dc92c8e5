import Foundation
import OrdersCore
import OrdersPresentation
import OrdersScreens
import TermRender

/// One of the operator's own commands from the config (k9s' plugins, lazygit's custom commands,
/// mutt's macros): a shell command line run on the selected order, or the marked orders, which it
/// reads as JSON on standard input (`CustomCommandRun` runs it).
///
/// ```json
/// {"commands": [{"name": "slip", "key": "ctrl-p", "title": "Print packing slips", "run": "print-slips --tray 2"}]}
/// ```
public struct CustomCommand: Hashable, Sendable {
    /// What `:NAME` in the palette runs; nil when only a key runs it.
    public var name: String?
    /// The key that runs it on the list and the detail; nil when only `:NAME` does.
    public var key: KeyPress?
    /// What the help, the palette and the notices call it.
    public var title: String
    /// The command line, run by `/bin/sh -c` (so pipes, options and `$VARIABLES` work).
    public var commandLine: String

    public init(name: String?, key: KeyPress?, title: String, commandLine: String) {
        self.name = name
        self.key = key
        self.title = title
        self.commandLine = commandLine
    }
}

extension CustomCommand {
    /// The fields a command may have in the config.
    static let fields = ["key", "name", "run", "title"]

    /// An example, for the message that refuses a malformed list.
    private static let example = #"{"name": "slip", "key": "ctrl-p", "title": "Packing slips", "run": "print-slips"}"#

    /// Reads `"commands"` from the config: each command's shape first, then names and keys
    /// that two commands share, then those a built-in command already has (`keymaps`: the
    /// keys in force after the config's own `"keys"`). The first problem is thrown, in words.
    static func list(configValue: Any, keymaps: KeymapSet) throws(AppConfig.ConfigError) -> [CustomCommand] {
        guard let entries = configValue as? [Any] else {
            throw AppConfig.ConfigError(description: "commands must be a list of commands like [\(example)]")
        }
        var commands: [CustomCommand] = []
        for (index, entry) in entries.enumerated() {
            let command = try CustomCommand(configValue: entry, path: "commands[\(index)]")
            if let name = command.name, let other = commands.firstIndex(where: { $0.name == name }) {
                throw AppConfig.ConfigError(description: "commands[\(index)].name \"\(name)\" is already the name of commands[\(other)]")
            }
            if let key = command.key, let other = commands.firstIndex(where: { $0.key == key }) {
                throw AppConfig.ConfigError(description: "commands[\(index)].key \"\(key)\" is already the key of commands[\(other)]")
            }
            if let key = command.key, let clash = builtInBinding(of: key, in: keymaps) {
                throw AppConfig.ConfigError(description: "commands[\(index)].key \"\(key)\" is already \(clash); "
                    + "choose another key, or give that one another under \"keys\"")
            }
            commands.append(command)
        }
        return commands
    }

    /// Where a command's key is read: the list's and the detail's keys, and the app-wide ones,
    /// with how a refusal names each.
    private static let contexts: [(KeymapContext, String)] = [(.list, "on the list"), (.detail, "on the detail"),
                                                               (.global, "everywhere")]

    /// The built-in command a key already runs where commands are run
    /// (`order.advance ("advance") on the list`), or nil when it is free.
    private static func builtInBinding(of key: KeyPress, in keymaps: KeymapSet) -> String? {
        for (context, place) in contexts {
            if let binding = keymaps[context.rawValue]?.binding(for: key) {
                return "\(binding.action) (\"\(binding.label)\") \(place)"
            }
        }
        return nil
    }

    /// One command's fields, checked; `path` names it in a refusal (`commands[2]`).
    init(configValue: Any, path: String) throws(AppConfig.ConfigError) {
        guard let fields = configValue as? [String: Any] else {
            throw AppConfig.ConfigError(description: "\(path) must be an object like \(Self.example)")
        }
        if let unknown = fields.keys.sorted().first(where: { !Self.fields.contains($0) }) {
            throw AppConfig.ConfigError(description: "\(path) has an unknown field \"\(unknown)\" (known: \(Self.fields.joined(separator: ", ")))")
        }
        guard let title = fields["title"] as? String, !title.allSatisfy(\.isWhitespace) else {
            throw AppConfig.ConfigError(description: "\(path).title must be text saying what the command does")
        }
        guard let commandLine = fields["run"] as? String, !commandLine.allSatisfy(\.isWhitespace) else {
            throw AppConfig.ConfigError(description: "\(path).run must be a shell command line")
        }
        var name: String?
        if let value = fields["name"] {
            guard let text = value as? String, Self.isCommandName(text) else {
                throw AppConfig.ConfigError(description: "\(path).name must be a word of letters, digits and dashes, like \"packing-slip\"")
            }
            guard !PaletteCommand.builtInNames.contains(text.lowercased()) else {
                throw AppConfig.ConfigError(description: "\(path).name \"\(text)\" is already the palette's :\(text.lowercased())")
            }
            name = text.lowercased()
        }
        var key: KeyPress?
        if let value = fields["key"] {
            guard let text = value as? String else {
                throw AppConfig.ConfigError(description: "\(path).key must be a key name like \"ctrl-p\" or \"K\"")
            }
            do {
                key = try KeyPress(name: text)
            } catch {
                throw AppConfig.ConfigError(description: "\(path).key: \(error)")
            }
        }
        guard name != nil || key != nil else {
            throw AppConfig.ConfigError(description: "\(path) needs a \"key\" or a \"name\" (or both) to be run by")
        }
        self.init(name: name, key: key, title: title, commandLine: commandLine)
    }

    /// Letters, digits and dashes, starting with a letter: what the palette reads as a command's name.
    static func isCommandName(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, CharacterSet.letters.contains(first) else { return false }
        return text.unicodeScalars.allSatisfy { CharacterSet.alphanumerics.contains($0) || $0 == "-" } && text.count <= 32
    }
}
