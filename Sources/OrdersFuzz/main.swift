import Foundation
import OrdersFuzzing

// `orders-fuzz [TARGET|all] [SECONDS] [--seed N]`: fuzzes for as long as asked, in a
// worker process that the supervisor restarts after a trap or a hang, and prints
// the cases run and the crashers found. `./dev fuzz` builds and runs it in release mode.
let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "--worker" {
    exit(await FuzzWorker.run(Array(arguments.dropFirst())))
}
exit(FuzzSupervisor.run(arguments))
