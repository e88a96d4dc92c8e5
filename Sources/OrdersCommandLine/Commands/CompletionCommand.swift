import Foundation

/// `orders completion bash|zsh|fish`: prints the shell's completion script (`ShellCompletionScript`).
struct CompletionCommand: CLICommand {
    static let name = "completion"
    static let summary = "Print the completion script for a shell"
    static let arguments = [ShellCompletionScript.allCases.map(\.rawValue).joined(separator: "|")]
    static let options: [CommandOption] = []
    static let details = """
        Generated from the commands' own declarations, so it offers exactly the commands, options and
        values this build accepts. Load it for the current shell, or save it where the shell looks:
          bash: source <(orders completion bash)     or save it as ~/.local/share/bash-completion/completions/orders
          zsh:  source <(orders completion zsh)      or save it as _orders in a directory of $fpath
          fish: orders completion fish | source      or save it as ~/.config/fish/completions/orders.fish
        """

    let script: ShellCompletionScript

    init(_ arguments: ParsedArguments, now: Date) throws(CLIError) {
        script = try ArgumentValue.choice(arguments.positionals[0], for: "the shell")
    }

    func run(_ context: CommandContext) async throws -> Int32 {
        context.print(script.text)
        return 0
    }
}
