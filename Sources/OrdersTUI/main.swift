import Foundation

// Everything, including the full-screen app, starts from the command line parser.
let status = await CLI.run(Array(CommandLine.arguments.dropFirst()))
exit(status)
