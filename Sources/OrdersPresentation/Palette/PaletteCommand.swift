import Foundation
import OrdersCore

/// A command typed in the command palette.
public enum PaletteCommand: Hashable, Sendable {
    /// Open the order with this number (`SOURCE:NUMBER` when the number alone is ambiguous).
    case open(OrderReference)
    case filter(String)
    /// Sort by a column (in its default direction when none was written).
    case sort(OrderSort)
    /// Moves the marked (or selected) orders to this status.
    case status(OrderStatus)
    case tag(String)
    /// Assign to someone (`me` means the operator); nil unassigns.
    case assign(String?)
    /// Mark paid, fulfil, hold or release the marked (or selected) orders.
    case orderAction(OrderAction)
    /// Give back an amount of the open order (nil: everything still outstanding), with an optional reason.
    case refund(amount: Decimal?, reason: String?)
    /// Choose lines and quantities of the open order to give back (the line chooser), the reason
    /// filled in when given.
    case refundLines(reason: String?)
    case export(String)
    /// Import a shop's export from this file (`ImportModel`); `import` is a Swift keyword.
    case importFile(String)
    case theme(String?)
    /// Show the dashboard.
    case dashboard
    /// Sync every connected shop now: pull, then send (`ShopSyncModel`).
    case sync
    /// The open order's facts its shop refused: sent again (`retry: true`), or dropped, never sent.
    case refusedFacts(retry: Bool)
    /// Show the rules screen.
    case rules
    /// Show these list columns in this order; nil: the standard columns (`:columns number,total`,
    /// `:columns`, `:columns all` for every column).
    case columns([ListColumn]?)
    /// Save the list's search, sort and columns as a view (`:save [--personal] NAME`).
    case saveView(name: String, personal: Bool)
    /// Show a saved view (`:view NAME`).
    case showView(String)
    case renameView(from: String, to: String)
    /// Delete a saved view (asks first).
    case deleteView(String)
    case quit
    /// Count the shown orders by a field's values (`:freq status`): the frequency sheet.
    case frequency(FrequencyField)
    /// Run the operator's own command of this name (`"commands"` in the config).
    case custom(String)
}

/// Why a palette command could not be understood.
public struct PaletteError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// One palette command's name, arguments and help, the source of completion and help text.
public struct PaletteCommandSpec: Hashable, Sendable {
    public var name: String
    public var arguments: String
    public var summary: String

    public init(name: String, arguments: String, summary: String) {
        self.name = name
        self.arguments = arguments
        self.summary = summary
    }

    public static let all: [PaletteCommandSpec] = [
        .init(name: "open", arguments: "NUMBER", summary: "Open an order's detail"),
        .init(name: "filter", arguments: "QUERY", summary: "Search the list with the query language"),
        .init(name: "sort", arguments: "FIELD [asc|desc]", summary: "Sort by date, id, customer, total, status or items"),
        .init(name: "status", arguments: "STATUS", summary: "Move marked or selected orders to a status"),
        .init(name: "tag", arguments: "TAG", summary: "Tag marked or selected orders"),
        .init(name: "assign", arguments: "NAME|me|none", summary: "Assign marked or selected orders"),
        .init(name: "cancel", arguments: "[REASON]", summary: "Cancel marked or selected orders, with a reason (asks first)"),
        .init(name: "pay", arguments: "", summary: "Mark marked or selected orders paid"),
        .init(name: "fulfil", arguments: "", summary: "Fulfil marked or selected orders: every line sent"),
        .init(name: "hold", arguments: "[REASON]", summary: "Hold the fulfilment of marked or selected orders, with a reason (kept as a note)"),
        .init(name: "release", arguments: "", summary: "Release marked or selected orders from hold"),
        .init(name: "refund", arguments: "AMOUNT|all|lines [REASON]",
              summary: "Give back part or all of the open order, or chosen lines (asks first)"),
        .init(name: "export", arguments: "FILE", summary: "Export the shown orders (.csv or .json)"),
        .init(name: "import", arguments: "FILE", summary: "Import a shop's export: Shopify CSV or JSON, WooCommerce CSV"),
        .init(name: "theme", arguments: "[NAME]", summary: "Switch the colour theme"),
        .init(name: "dashboard", arguments: "", summary: "Show the dashboard: orders, ages, revenue, people"),
        .init(name: "sync", arguments: "", summary: "Sync the connected shops now: pull their changes, send what was done here"),
        .init(name: "retry", arguments: "", summary: "Send the open order's facts its shop refused again"),
        .init(name: "drop", arguments: "", summary: "Drop the open order's facts its shop refused: never sent, kept for the record"),
        .init(name: "rules", arguments: "", summary: "Show the rules: what each did today, test and edit them"),
        .init(name: "view", arguments: "NAME", summary: "Show a saved view"),
        .init(name: "columns", arguments: "[COLUMN,…|all]",
              summary: "Choose the list's columns, in order: " + ListColumn.allCases.map(\.rawValue).joined(separator: ",")),
        .init(name: "save", arguments: "[--personal] NAME", summary: "Save the search, sort and columns as a view (shared, or only yours)"),
        .init(name: "view-rename", arguments: "OLD NEW", summary: "Rename a saved view (quote a name with spaces)"),
        .init(name: "view-delete", arguments: "NAME", summary: "Delete a saved view (asks first)"),
        .init(name: "freq", arguments: "COLUMN",
              summary: "Count the shown orders by " + FrequencyField.allCases.map(\.rawValue).joined(separator: ", ")),
        .init(name: "quit", arguments: "", summary: "Leave orders"),
    ]
}

extension PaletteCommand {
    /// Every name the palette reads as a built-in command, aliases included: an operator's own
    /// command may not take one (`PaletteCommand.parse` would never reach it).
    public static let builtInNames: Set<String> =
        Set(PaletteCommandSpec.all.map(\.name)).union(["mark-paid", "fulfill", "q"])
}

extension PaletteCommand {
    /// Parses `:sort total desc`-style text (the leading colon is optional); `custom` are the
    /// names of the operator's own commands, which take no argument.
    public static func parse(_ text: String, custom: Set<String> = []) throws(PaletteError) -> PaletteCommand {
        var body = Substring(text.trimmingCharacters(in: .whitespaces))
        if body.hasPrefix(":") { body = body.dropFirst() }
        let name = body.prefix { !$0.isWhitespace }.lowercased()
        let argument = body.dropFirst(name.count).trimmingCharacters(in: .whitespaces)
        let words = argument.split(separator: " ").map(String.init)
        func need(_ what: String) throws(PaletteError) {
            if argument.isEmpty { throw PaletteError(":\(name) needs \(what)") }
        }
        switch name {
        case "":
            throw PaletteError("Type a command, e.g. :open ORD-0001234")
        case "open":
            try need("an order number")
            guard let reference = DeepLink.reference(from: argument) else { throw PaletteError("\"\(argument)\" is not an order number") }
            return .open(reference)
        case "filter":
            return .filter(argument)
        case "sort":
            try need("a field: " + OrderSortKey.fieldNames.joined(separator: ", "))
            guard words.count <= 2 else { throw PaletteError(":sort takes a field and asc or desc") }
            do {
                return .sort(try OrderSort(field: words[0], direction: words.count == 2 ? words[1] : nil))
            } catch {
                throw PaletteError(error.description)
            }
        case "status":
            try need("a status")
            guard let status = OrderStatus(rawValue: argument.lowercased()) else { throw PaletteError("unknown status \"\(argument)\"") }
            return .status(status)
        case "tag":
            try need("a tag")
            return .tag(argument)
        case "assign":
            try need("a name, me or none")
            return .assign(argument.lowercased() == "none" ? nil : argument)
        case "cancel":
            return .orderAction(argument.isEmpty ? .cancel : .cancelBecause(argument))
        case "pay", "mark-paid": return .orderAction(.markPaid)
        case "fulfil", "fulfill": return .orderAction(.fulfil)
        case "hold":
            return .orderAction(argument.isEmpty ? .hold : .holdBecause(argument))
        case "release":
            // A release has no reason to keep or send: neither shop's release takes one (Shopify's
            // fulfillmentOrderReleaseHold, WooCommerce's status), so words here would be dropped unseen.
            guard argument.isEmpty else { throw PaletteError(":release takes no reason (write a note to say why)") }
            return .orderAction(.release)
        case "refund":
            try need("an amount such as 12.50, all, or lines")
            let reasonText = argument.dropFirst(words[0].count).trimmingCharacters(in: .whitespaces)
            let reason = reasonText.isEmpty ? nil : reasonText
            if words[0].lowercased() == "all" { return .refund(amount: nil, reason: reason) }
            if words[0].lowercased() == "lines" { return .refundLines(reason: reason) }
            // Only read here: whether the amount suits the order and its currency is the order's rule.
            guard let amount = PlainDecimal.parse(words[0]) else {
                throw PaletteError(":refund takes an amount such as 12.50, all, or lines; got \"\(words[0])\"")
            }
            return .refund(amount: amount, reason: reason)
        case "export":
            try need("a file name")
            return .export(argument)
        case "import":
            try need("a file name")
            return .importFile(argument)
        case "theme":
            return .theme(argument.isEmpty ? nil : argument)
        case "dashboard":
            return .dashboard
        case "rules":
            guard argument.isEmpty else { throw PaletteError(":rules shows every rule and takes nothing after its name") }
            return .rules
        case "sync":
            guard argument.isEmpty else { throw PaletteError(":sync pulls every connected shop and takes nothing after its name") }
            return .sync
        case "retry", "drop":
            guard argument.isEmpty else { throw PaletteError(":\(name) acts on every refused fact of the open order and takes nothing after its name") }
            return .refusedFacts(retry: name == "retry")
        case "view":
            try need("the name of a saved view")
            return .showView(SavedViewArguments.unquoted(argument))
        case "columns":
            do {
                return .columns(try ListColumn.choice(argument))
            } catch {
                throw PaletteError(":columns: \(error.description)")
            }
        case "save":
            try need("a name for the view")
            let personal = words[0] == "--personal"
            let name = personal ? argument.dropFirst("--personal".count).trimmingCharacters(in: .whitespaces) : argument
            if name.isEmpty { throw PaletteError(":save --personal needs a name for the view") }
            return .saveView(name: SavedViewArguments.unquoted(name), personal: personal)
        case "view-rename":
            try need("the view's name and its new name")
            guard let (old, new) = SavedViewArguments.pair(argument) else {
                throw PaletteError(":view-rename needs the view's name and its new name (quote a name with spaces)")
            }
            return .renameView(from: old, to: new)
        case "view-delete":
            try need("the name of a saved view")
            return .deleteView(SavedViewArguments.unquoted(argument))
        case "freq":
            let names = FrequencyField.allCases.map(\.rawValue).joined(separator: ", ")
            try need("a column: " + names)
            guard let field = FrequencyField(rawValue: argument.lowercased()) else {
                throw PaletteError(":freq counts by \(names); got \"\(argument)\"")
            }
            return .frequency(field)
        case "quit", "q":
            return .quit
        default:
            guard custom.contains(name) else { throw PaletteError("unknown command :\(name)") }
            guard argument.isEmpty else { throw PaletteError(":\(name) takes nothing after its name") }
            return .custom(name)
        }
    }
}
