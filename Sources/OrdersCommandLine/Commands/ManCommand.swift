import Foundation

/// `orders man`: prints the manual page in roff (`ManPage`).
struct ManCommand: CLICommand {
    static let name = "man"
    static let summary = "Print the manual page (roff: orders man | man -l -)"
    static let arguments: [String] = []
    static let options: [CommandOption] = []
    static let details = """
        Generated from the same declarations as --help. Read it with  orders man | man -l -  or install it:
          orders man > ~/.local/share/man/man1/orders.1
        """

    init(_ arguments: ParsedArguments, now: Date) throws(CLIError) {}

    func run(_ context: CommandContext) async throws -> Int32 {
        context.print(ManPage.text)
        return 0
    }
}
