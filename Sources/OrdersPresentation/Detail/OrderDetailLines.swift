import Foundation
import OrdersCore
import TerminalText

/// One line item as the detail screen shows it.
public struct DetailLine: Hashable, Sendable {
    public var sku: String
    public var title: String
    public var quantity: Int
    public var unitPriceText: String
    public var lineTotalText: String
    /// How many units were sent, for the Sent column; the column is there only while some
    /// lines are sent and others not (`OrderDetailModel.showsSentQuantities`), since otherwise the
    /// fulfilment status says it for every line.
    public var sent: Int = 0

    /// The quantity as the Qty column shows it.
    public var quantityText: String { String(quantity) }
    /// The units sent as the Sent column shows them.
    public var sentText: String { String(sent) }
}

/// The money block of the detail screen, formatted in the order's currency.
public struct DetailTotals: Hashable, Sendable {
    public var subtotal: String
    public var discount: String
    public var shipping: String
    public var tax: String
    public var total: String
}

/// One change from the order's audit log, as the detail's history shows it: when, who, what changed
/// (`what`, a word for the field) and from what to what ("—" for nothing), each safe for the terminal
/// and on one line.
public struct HistoryEntry: Hashable, Sendable {
    public var dateText: String
    /// Who, with the door when the name does not say it (`AuditEntry.who`: `mia via import`).
    public var actor: String
    public var what: String
    public var from: String
    public var to: String

    public init(dateText: String, actor: String, what: String, from: String, to: String) {
        self.dateText = dateText
        self.actor = actor
        self.what = what
        self.from = from
        self.to = to
    }

    /// The detail's words for the audit log's fields; a field not named here shows as stored.
    static func word(for field: String) -> String {
        switch field {
        case "status": "Status"
        case "payment": "Payment"
        case "fulfillment": "Fulfilment"
        case "fulfilled_lines": "Sent"
        case "refunds": "Refund"
        case "cancel_reason": "Cancel reason"
        case "flagged": "Flag"
        case "tags": "Tag"
        case "assignee": "Assignee"
        case "notes": "Note"
        case "order": "Order"
        case AuditEntry.undoField: "Undo"
        default: field
        }
    }

    /// A value of the log on one line: control characters neutralised, line breaks as spaces, long text cut;
    /// a flag's stored `true`/`false` as the detail says it elsewhere.
    static func shown(_ value: String?, of field: String) -> String {
        guard let value, !value.isEmpty else { return "—" }
        if field == "flagged", let flagged = Bool(value) { return flagged ? "flagged" : "not flagged" }
        let oneLine = TerminalText.neutralized(value.split(whereSeparator: \.isNewline).joined(separator: " "))
        return oneLine.count > shownCharacters ? String(oneLine.prefix(shownCharacters - 1)) + "…" : oneLine
    }

    /// How much of one value a history line shows (a whole note is on the detail's notes).
    static let shownCharacters = 80
}

/// One note, newest last.
public struct DetailNote: Hashable, Sendable {
    public var dateText: String
    public var author: String
    /// The note as the screen shows it: its own line breaks kept, cut after
    /// `shownCharacters` with a line saying how much more there is.
    public var text: String

    /// How much of one note the detail screen shows: a few screens of text. A longer note (a
    /// pasted log, a 10 MB import) would make every frame wrap all of it.
    public static let shownCharacters = 4_000

    /// `text` made safe for the terminal (line breaks kept) and cut for the screen.
    static func shown(_ text: String) -> String {
        guard text.count > shownCharacters else { return TerminalText.neutralized(text, keepingLineBreaks: true) }
        let rest = text.count - shownCharacters
        return TerminalText.neutralized(String(text.prefix(shownCharacters)), keepingLineBreaks: true)
            + "…\n(\(rest) more characters; `orders show` prints the whole note)"
    }
}

/// A status the workflow allows next, with its label.
public struct DetailNextStep: Hashable, Sendable {
    public var status: OrderStatus
    public var label: String
}
