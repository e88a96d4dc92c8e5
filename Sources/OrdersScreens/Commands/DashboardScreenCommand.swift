/// The keys of the dashboard (the app-wide ones are `AppWideCommand`).
public enum DashboardScreenCommand: KeyCommand, CaseIterable {
    case back, nextPanel, previousPanel, nextItem, previousItem, open, period

    public static var all: [DashboardScreenCommand] { allCases }

    public var info: CommandInfo {
        let move = CommandGroup.move, view = CommandGroup.view
        switch self {
        case .back: return CommandInfo("dashboard.back", ["esc", "q"], "back", "Back to the list", move, footer: true)
        case .nextPanel: return CommandInfo("dashboard.next-panel", ["tab"], "panel", "Focus the next panel", move, footer: true)
        case .previousPanel:
            return CommandInfo("dashboard.previous-panel", ["shift-tab"], "previous panel", "Focus the previous panel", move)
        case .nextItem:
            return CommandInfo("dashboard.next", ["j", "down", "l", "right"], "next", "Focus the next bar, bucket or day", move)
        case .previousItem:
            return CommandInfo("dashboard.previous", ["k", "up", "h", "left"], "previous",
                               "Focus the previous bar, bucket or day", move)
        case .open:
            return CommandInfo("dashboard.open", ["enter"], "list them",
                               "List exactly the orders of the focused number (sets the search)", view, footer: true)
        case .period: return CommandInfo("dashboard.period", ["p"], "30/90 days", "Show the last 30 or 90 days", view, footer: true)
        }
    }
}
