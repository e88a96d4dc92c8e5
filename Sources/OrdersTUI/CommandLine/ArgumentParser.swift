/// The options one command accepts: those that take a value and plain flags.
struct OptionSpec {
    var valueOptions: Set<String>
    var flags: Set<String>
    /// How many positional arguments the command takes, at least and at most.
    var positionals: ClosedRange<Int>

    /// Options every command accepts.
    static let global: (values: Set<String>, flags: Set<String>) = (["--db", "--actor"], ["--help", "-h"])
}

/// A command line split into positionals, options with values, and flags.
struct ParsedArguments {
    var positionals: [String] = []
    var values: [String: String] = [:]
    var flags: Set<String> = []

    func value(_ name: String) -> String? { values[name] }
    func has(_ flag: String) -> Bool { flags.contains(flag) }

    /// Parses `arguments` (without the command name). `--name value` and
    /// `--name=value` both work; `--` ends options. Throws a usage error naming
    /// the first unknown option, missing value or wrong number of arguments.
    static func parse(_ arguments: [String], spec: OptionSpec, command: String) throws(CLIError) -> ParsedArguments {
        let valueOptions = spec.valueOptions.union(OptionSpec.global.values)
        let flags = spec.flags.union(OptionSpec.global.flags)
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
                } else if index < arguments.count, !(valueOptions.contains(arguments[index]) || flags.contains(arguments[index])) {
                    parsed.values[name] = arguments[index]
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
        if parsed.has("--help") || parsed.has("-h") { return parsed }
        if !spec.positionals.contains(parsed.positionals.count) {
            let expected = spec.positionals.lowerBound == spec.positionals.upperBound
                ? "\(spec.positionals.lowerBound)" : "\(spec.positionals.lowerBound) to \(spec.positionals.upperBound)"
            throw .usage("\(command.isEmpty ? "orders" : command) takes \(expected) argument\(spec.positionals.upperBound == 1 ? "" : "s"), got \(parsed.positionals.count) (see '\(helpHint)')")
        }
        return parsed
    }
}
