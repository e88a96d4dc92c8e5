import OrdersCore

extension AppCoordinator {
    /// Runs one of the operator's own commands on what the screen acts on: the detail's order,
    /// or the list's marked orders (else the selected one). The shell gives it the terminal.
    func run(_ command: CustomCommand) -> [AppEffect] {
        if currentRoute == .dashboard || currentRoute == .rules {
            return [showNotice("Run \(command.title) from the list or an order", kind: .failure)]
        }
        let targets = actionTargets
        guard !targets.isEmpty else { return [showNotice("No order to run \(command.title) on", kind: .failure)] }
        return [.runCommand(command, targets: targets)]
    }

    /// The command has ended (the `runCommand` effect): what it did may have changed orders
    /// (it may call `orders …`), so the list is read again, and the detail on screen too;
    /// the notice says how it ended.
    func customCommandFinished(_ command: CustomCommand, count: Int, outcome: CustomCommandRun.Outcome) -> [AppEffect] {
        list.load()
        let reload: [AppEffect] = detail == nil ? [] : [.reloadDetail]
        switch outcome {
        case .exited(0):
            let what = count == 1 ? "1 order" : "\(count) orders"
            return reload + [showNotice("\(command.title): done on \(what)", kind: .success)]
        case .exited(let status):
            return reload + [showNotice("\(command.title) failed: exit status \(status)\(Self.meaning(ofExitStatus: status))",
                                        kind: .failure, for: .seconds(8))]
        case .notStarted(let reason):
            return reload + [showNotice("\(command.title) did not run: \(reason)", kind: .failure, for: .seconds(8))]
        }
    }

    /// What the shell's exit statuses that are not the command's own mean.
    private static func meaning(ofExitStatus status: Int32) -> String {
        switch status {
        case 127: " (command not found)"
        case 126: " (not executable)"
        case 129...192: " (ended by signal \(status - 128))"
        default: ""
        }
    }
}
