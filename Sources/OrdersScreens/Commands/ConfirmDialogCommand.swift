/// The confirmation dialog.
public enum ConfirmDialogCommand: KeyCommand, CaseIterable {
    case press, nextButton, previousButton, yes, no

    public static var all: [ConfirmDialogCommand] { allCases }

    public var info: CommandInfo {
        let act = CommandGroup.act
        switch self {
        case .press: return CommandInfo("confirm.press", ["enter"], "choose", "Press the focused button", act, footer: true)
        case .nextButton:
            return CommandInfo("confirm.next", ["tab", "right", "l"], "next button", "Focus the next button", act,
                               footer: true)
        case .previousButton:
            return CommandInfo("confirm.previous", ["shift-tab", "left", "h"], "previous button",
                               "Focus the previous button", act)
        case .yes: return CommandInfo("confirm.yes", ["y"], "yes", "Confirm", act, footer: true)
        case .no: return CommandInfo("confirm.no", ["n", "esc"], "no", "Do not do it", act, footer: true)
        }
    }
}
