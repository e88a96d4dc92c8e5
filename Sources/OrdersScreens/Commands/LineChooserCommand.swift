/// The line chooser (fulfil or refund chosen lines): typing writes the tracking number or the
/// refund's reason, so its own keys are ones that type nothing. Left and Right change quantities
/// rather than move the field's cursor (Home, End, Ctrl-A and Ctrl-E still do). Shipping and
/// restock are the refund's own; the fulfil dialog leaves them out of its hints.
public enum LineChooserCommand: KeyCommand, CaseIterable {
    case confirm, cancel, nextLine, previousLine, more, less, skip, shipping, restock

    public static var all: [LineChooserCommand] { allCases }

    /// The commands only a refund uses.
    public static let refundOnly: [LineChooserCommand] = [.shipping, .restock]

    public var info: CommandInfo {
        let act = CommandGroup.act
        switch self {
        case .confirm:
            return CommandInfo("chooser.confirm", ["enter"], "fulfil",
                               "Send the chosen units with the tracking number, or refund them (asks first)", act, footer: true)
        case .cancel: return CommandInfo("field.cancel", ["esc"], "cancel", "Close without sending or refunding anything", act,
                                         footer: true)
        case .nextLine: return CommandInfo("chooser.next", ["down", "ctrl-n"], "next line", "Highlight the next line", act)
        case .previousLine: return CommandInfo("chooser.previous", ["up", "ctrl-p"], "previous line", "Highlight the previous line", act)
        case .more: return CommandInfo("chooser.more", ["right"], "+1", "One more unit of the highlighted line", act, footer: true)
        case .less: return CommandInfo("chooser.less", ["left"], "−1", "One unit less of the highlighted line", act, footer: true)
        case .skip:
            return CommandInfo("chooser.skip", ["ctrl-x"], "skip", "Skip the highlighted line, or take all of it again", act,
                               footer: true)
        case .shipping:
            return CommandInfo("chooser.shipping", ["ctrl-o"], "shipping",
                               "Refunding: include the shipping not yet given back, or leave it out", act, footer: true)
        case .restock:
            return CommandInfo("chooser.restock", ["ctrl-t"], "restock",
                               "Refunding: the returned units go back into stock, or not", act, footer: true)
        }
    }
}
