import Foundation
import OrdersCommandLine
import TermRender

// Before anything else: a crash must print its report and exit, never stop at an
// interactive backtrace prompt inside the full-screen UI (this may re-exec).
CrashReporting.ensureNonInteractiveBacktraces()

// Everything, including the full-screen app, starts from the command line parser.
let status = await CLI.run(Array(CommandLine.arguments.dropFirst()))
exit(status)
