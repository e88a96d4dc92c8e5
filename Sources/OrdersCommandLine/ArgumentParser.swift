/// A command line split into positionals, options with values, and flags.
struct ParsedArguments {
    var positionals: [String] = []
    var values: [String: String] = [:]
    /// Every value of each option, in order, for options that may be given more than once
    /// (`--line A:1 --line B:2`); `values` keeps the last.
    var allValues: [String: [String]] = [:]
    var flags: Set<String> = []

    func value(_ name: String) -> String? { values[name] }
    func values(_ name: String) -> [String] { allValues[name] ?? [] }
    func has(_ flag: String) -> Bool { flags.contains(flag) }
    var wantsHelp: Bool { !flags.isDisjoint(with: CommandOption.helpAliases) }

    /// Parses `arguments` (without the command name) against the command's options plus the
    /// global ones, which may appear anywhere. `--name value` and `--name=value` both work;
    /// `--` ends options. Throws a usage error naming the first unknown option, missing value
    /// or wrong number of arguments.
    static func parse(_ arguments: [String], options: [CommandOption], positionals: ClosedRange<Int>,
                      command: String) throws(CLIError) -> ParsedArguments {
        let all = options + CommandOption.global
        let valueOptions = Set(all.filter(\.takesValue).map(\.name))
        let flags = Set(all.filter { !$0.takesValue }.map(\.name)).union(CommandOption.helpAliases)
        var parsed = ParsedArguments()
        var index = 0
        var optionsEnded = false
        let helpHint = command.isEmpty ? "orders --help" : "orders \(command) --help"
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
                parsed.positionals.append(argument)
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            var name = argument
            var inlineValue: String?
            if let equals = argument.firstIndex(of: "="), argument.hasPrefix("--") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            if valueOptions.contains(name) {
                if let inlineValue {
                    parsed.values[name] = inlineValue
                    parsed.allValues[name, default: []].append(inlineValue)
                } else if index < arguments.count, !(valueOptions.contains(arguments[index]) || flags.contains(arguments[index])) {
                    parsed.values[name] = arguments[index]
                    parsed.allValues[name, default: []].append(arguments[index])
                    index += 1
                } else {
                    throw .usage("\(name) needs a value (see '\(helpHint)')")
                }
            } else if flags.contains(name), inlineValue == nil {
                parsed.flags.insert(name)
            } else if argument.count > 1, Double(argument) != nil {
                parsed.positionals.append(argument) // a negative number is a value, not an option
            } else {
                throw .usage("unknown option \(name)\(command.isEmpty ? "" : " for \(command)") (see '\(helpHint)')")
            }
        }
        if parsed.wantsHelp { return parsed }
        if !positionals.contains(parsed.positionals.count) {
            let expected = positionals.lowerBound == positionals.upperBound
                ? "\(positionals.lowerBound)" : "\(positionals.lowerBound) to \(positionals.upperBound)"
            throw .usage("\(command.isEmpty ? "orders" : command) takes \(expected) argument\(positionals.upperBound == 1 ? "" : "s"), got \(parsed.positionals.count) (see '\(helpHint)')")
        }
        return parsed
    }

    /// Splits a whole command line into the command's name and the rest. Global options
    /// (`--db PATH`, `--actor NAME`, `--help`) may come before the name, as in git; the
    /// first other argument is the name if it is not an option. Nil: no command (the app).
    static func commandName(in arguments: [String]) -> (name: String, rest: [String])? {
        let globalValues = Set(CommandOption.global.filter(\.takesValue).map(\.name))
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if globalValues.contains(argument) {
                index += 2
            } else if CommandOption.helpAliases.contains(argument)
                        || globalValues.contains(where: { argument.hasPrefix($0 + "=") }) {
                index += 1
            } else if argument.hasPrefix("-") {
                return nil
            } else {
                var rest = arguments
                rest.remove(at: index)
                return (argument, rest)
            }
        }
        return nil
    }
}
