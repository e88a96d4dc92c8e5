/// The keys of the order detail screen (the app-wide ones are `AppWideCommand`).
public enum DetailScreenCommand: KeyCommand {
    case back, next, previous, scrollDown, scrollUp, pageDown, pageUp, top, bottom, switchColumn
    /// The customer's other orders: Enter opens the marked one; `}` and `{` move the mark.
    case openCustomerOrder, nextCustomerOrder, previousCustomerOrder
    /// A refund of part of this order: opens the palette with `:refund ` for the amount and a reason.
    case refundAmount
    /// A refund of chosen lines and quantities of this order: opens the line chooser for refunding.
    case refundLines
    case order(OrderCommand)

    public static let all: [DetailScreenCommand] =
        [.back, .next, .previous, .scrollDown, .scrollUp, .pageDown, .pageUp, .top, .bottom, .switchColumn,
         .openCustomerOrder, .nextCustomerOrder, .previousCustomerOrder, .refundAmount, .refundLines]
        + OrderCommand.allCases.map(DetailScreenCommand.order)

    public var info: CommandInfo {
        let move = CommandGroup.move
        switch self {
        case .back: return CommandInfo("detail.back", ["esc", "q"], "back", "Back to the list", move, footer: true)
        case .next: return CommandInfo("detail.next", ["]"], "next", "Next order of the list", move, footer: true)
        case .previous: return CommandInfo("detail.previous", ["["], "previous", "Previous order of the list", move)
        case .scrollDown: return CommandInfo("detail.scroll-down", ["j", "down"], "scroll", "Scroll down", move)
        case .scrollUp: return CommandInfo("detail.scroll-up", ["k", "up"], "scroll up", "Scroll up", move)
        case .pageDown: return CommandInfo("detail.page-down", ["pgdn", "ctrl-d"], "page down", "Scroll a page down", move)
        case .pageUp: return CommandInfo("detail.page-up", ["pgup", "ctrl-u"], "page up", "Scroll a page up", move)
        case .top: return CommandInfo("detail.top", ["g", "home"], "top", "Scroll to the top", move)
        case .bottom: return CommandInfo("detail.bottom", ["G", "end"], "bottom", "Scroll to the bottom", move)
        case .switchColumn:
            return CommandInfo("detail.switch-column", ["tab"], "column", "Scroll the other column (order or notes, when there are two)", move)
        case .openCustomerOrder:
            return CommandInfo("detail.open-customer-order", ["enter"], "open other",
                               "Open the marked order of the customer's other orders", move)
        case .nextCustomerOrder:
            return CommandInfo("detail.next-customer-order", ["}"], "customer's next", "Mark the customer's next other order", move)
        case .previousCustomerOrder:
            return CommandInfo("detail.previous-customer-order", ["{"], "customer's previous",
                               "Mark the customer's previous other order", move)
        case .refundAmount:
            return CommandInfo("detail.refund-amount", ["$"], "refund part",
                               "Refund an amount (opens the palette with :refund AMOUNT|all [REASON]; asks first, undoable)",
                               CommandGroup.act)
        case .refundLines:
            return CommandInfo("detail.refund-lines", ["%"], "refund lines",
                               "Refund chosen lines and quantities, with shipping, a reason and restock (also :refund lines; asks first, undoable)",
                               CommandGroup.act)
        case .order(let command): return command.info(onDetail: true)
        }
    }
}
