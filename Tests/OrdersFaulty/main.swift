import FaultInjection
import Foundation
import OrdersCommandLine
import TermRender

// The program the fatal-signal tests run: `orders` exactly (the same `main`, command line and
// app, from the OrdersCommandLine library) with `FaultHook` in front of the app's input, so that
// F12 raises the real fault named by `ORDERS_TEST_FAULT`. A test program, never installed: the
// shipped `orders` holds no fault code and no environment variable turns any on.

CrashReporting.ensureNonInteractiveBacktraces()

let environment = ProcessInfo.processInfo.environment
let status = await CLI.run(Array(CommandLine.arguments.dropFirst()), environment: environment,
                           interceptingInput: { FaultHook.wrapping($0, environment: environment) })
exit(status)
