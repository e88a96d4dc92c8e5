/// Actions on orders, on the list (the marked orders, else the selected one) and on the detail (its order).
/// The same ids on both screens, so one config override changes both.
public enum OrderCommand: KeyCommand, CaseIterable {
    case advance, cancel, refund, markPaid, fulfil, hold, flag, assignToMe, tag, note, undo, redo, copy

    public static var all: [OrderCommand] { allCases }

    /// The list's wording (the detail's differs a little: see `info(onDetail:)`).
    public var info: CommandInfo { info(onDetail: false) }

    /// The wording and footer choice for the list or for the detail screen.
    public func info(onDetail: Bool) -> CommandInfo {
        let act = CommandGroup.act
        switch self {
        case .advance:
            return CommandInfo("order.complete", ["c"], "advance", onDetail ? "Advance one workflow step"
                : "Advance one workflow step (pending → processing → shipped → completed)", act, footer: true)
        case .cancel: return CommandInfo("order.cancel", ["x"], "cancel", "Cancel (asks first)", act)
        case .refund:
            return CommandInfo("order.refund", ["R"], "refund",
                               onDetail ? "Refund (asks first)" : "Refund a completed order (asks first)", act)
        case .markPaid: return CommandInfo("order.mark-paid", ["P"], "mark paid", "Mark the payment taken in full", act)
        case .fulfil: return CommandInfo("order.fulfil", ["d"], "fulfil", "Fulfil: every line sent (delivered to the carrier)", act)
        case .hold: return CommandInfo("order.hold", ["h"], "hold", "Hold the fulfilment, or release it when on hold", act)
        case .flag: return CommandInfo("order.flag", ["f"], "flag", "Flag or unflag", act)
        case .assignToMe: return CommandInfo("order.assign-to-me", ["a"], "assign me", "Assign to me", act)
        case .tag: return CommandInfo("order.tag", ["t"], "tag", "Tag (opens the palette with :tag)", act)
        case .note: return CommandInfo("order.note", ["e"], "note", "Write a note", act, footer: onDetail)
        case .undo: return CommandInfo("order.undo", ["u"], "undo", "Undo the last action", act, footer: !onDetail)
        case .redo: return CommandInfo("order.redo", ["ctrl-r"], "redo", "Redo", act)
        case .copy:
            return CommandInfo("order.copy", ["y"], "copy", onDetail ? "Copy the order id to the clipboard (OSC 52)"
                : "Copy the order id (or marked orders as CSV) to the clipboard (OSC 52)", act)
        }
    }
}
