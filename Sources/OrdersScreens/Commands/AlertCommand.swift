/// The error alert.
public enum AlertCommand: KeyCommand, CaseIterable {
    case dismiss

    public static var all: [AlertCommand] { allCases }

    public var info: CommandInfo {
        CommandInfo("field.cancel", ["enter", "esc", "q"], "dismiss", "Close the message", CommandGroup.app, footer: true)
    }
}
