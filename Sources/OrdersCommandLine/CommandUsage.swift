/// The usage text of a command, generated from its declaration.
enum CommandUsage {
    static func text(for command: any CLICommand.Type) -> String {
        let synopsis = (["Usage: orders", command.name] + command.arguments + (command.options.isEmpty ? [] : ["[options]"]))
            .joined(separator: " ")
        var sections = [synopsis + "\n\n" + command.summary + "."]
        if !command.options.isEmpty { sections.append("Options:\n" + optionLines(command.options)) }
        if !command.details.isEmpty { sections.append(command.details) }
        sections.append("Options for every command: --db PATH, --actor NAME, --help (see 'orders --help').")
        return sections.joined(separator: "\n\n")
    }

    /// One aligned line per option (continuation lines indented under the text).
    static func optionLines(_ options: [CommandOption]) -> String {
        let labels = options.map { option in option.name + (option.value.map { " " + $0 } ?? "") }
        let width = (labels.map(\.count).max() ?? 0) + 3
        return zip(options, labels).map { option, label in
            let helpLines = option.help.split(separator: "\n", omittingEmptySubsequences: false)
            let first = "  " + label + String(repeating: " ", count: width - label.count) + (helpLines.first ?? "")
            let rest = helpLines.dropFirst().map { String(repeating: " ", count: width + 2) + $0 }
            return ([first] + rest).joined(separator: "\n")
        }.joined(separator: "\n")
    }
}
