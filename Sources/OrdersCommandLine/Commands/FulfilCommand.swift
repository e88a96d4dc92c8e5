import Foundation
import OrdersCore

/// `orders fulfil NUMBER [--line SKU:QTY]… [--tracking TEXT] [--carrier NAME] [--notify]`: records units
/// of chosen lines as sent (every remaining unit when no line is named), with an optional tracking
/// number (and, for a connected shop, the carrier and whether the shop tells the customer), through the
/// order's fulfilment rules and the fulfilment's transition table, audited like every change.
struct FulfilCommand: CLICommand {
    static let name = "fulfil"
    static let summary = "Record lines of an order as sent, with a tracking number"
    static let arguments = ["NUMBER"]
    static let options: [CommandOption] = [
        .value("--line", "SKU:QTY", "Units of a line sent (repeat for several lines); #N:QTY names the Nth line"),
        .value("--tracking", "TEXT", "The carrier's tracking number, added to the order's"),
        .value("--carrier", "NAME", "The carrier (DHL, CTT…), sent with the tracking number to a connected shop"),
        .flag("--notify", "Have a connected shop tell the customer of the shipment (its shipping mail)"),
    ]
    static let details = """
        Without --line every unit not yet sent is sent. A line is named by its SKU; a line without
        a SKU, or one of several lines with the same SKU, by its position from 1 as #N (#2:1 sends
        one unit of the second line); a SKU written exactly wins over a position. A line never sends
        more units than were bought and not yet sent, a cancelled order sends nothing, and an order
        on hold must be released first. The fulfilment becomes partially_fulfilled, or fulfilled
        once every unit of every line is sent. For an order of a connected shop the shipment is queued
        for the shop (`orders sync` sends it) with its tracking number, carrier and --notify.
        """

    var reference: OrderReference
    var lines: [(name: String, quantity: Int)]
    var trackingNumber: String?
    var carrier: String?
    var notifyCustomer: Bool

    init(_ arguments: ParsedArguments, now: Date) throws(CLIError) {
        reference = try ArgumentValue.orderReference(arguments.positionals[0])
        lines = []
        for text in arguments.values("--line") {
            guard let colon = text.lastIndex(of: ":"), let quantity = Int(text[text.index(after: colon)...]), quantity > 0,
                  colon != text.startIndex
            else { throw .usage("--line takes SKU:QUANTITY (or #N:QUANTITY) with a quantity of at least 1, such as MUG-1:2; got \"\(text)\"") }
            lines.append((String(text[..<colon]), quantity))
        }
        // Kept verbatim; the order's rules refuse an empty one or one with control characters.
        trackingNumber = arguments.value("--tracking")
        carrier = arguments.value("--carrier")
        notifyCustomer = arguments.has("--notify")
    }

    func run(_ context: CommandContext) async throws -> Int32 {
        let store = try await context.openStore()
        let order = try await store.order(named: reference)
        var shipment = order.remainingShipment
        if !lines.isEmpty {
            shipment.lines = try lines.map { line throws(CLIError) in
                ShipmentLine(line: try Self.position(of: line.name, in: order), quantity: line.quantity)
            }
        } else if shipment.lines.isEmpty {
            throw CLIError.failed("\(order.number): cannot fulfil: \(order.nothingLeftToSendReason)")
        }
        shipment.trackingNumber = trackingNumber
        shipment.carrier = carrier
        shipment.notifyCustomer = notifyCustomer
        let updated = try await store.update(order.id, expectedVersion: order.version, mutations: [.fulfilLines(shipment)],
                                             actor: context.actor(for: store))
        let sent = updated.items.reduce(0) { $0 + $1.fulfilledQuantity }
        let bought = updated.items.reduce(0) { $0 + $1.quantity }
        context.print("Fulfilled \(shipment.auditText(of: updated.items)) on \(updated.number); "
                      + "\(sent) of \(bought) units sent, fulfillment \(updated.fulfillment).\n", fromData: true)
        return 0
    }

    /// The line `name` names: the one line with that SKU, else `#N` for the Nth line.
    static func position(of name: String, in order: Order) throws(CLIError) -> Int {
        let matches = order.items.indices.filter { order.items[$0].sku == name }
        if matches.count == 1, let index = matches.first { return index }
        if matches.isEmpty, name.hasPrefix("#"), let number = Int(name.dropFirst()), name.dropFirst().allSatisfy(\.isASCII) {
            // `number >= 1` first: `#-9223372036854775808` would make `number - 1` trap.
            guard number >= 1, order.items.indices.contains(number - 1) else {
                throw .failed("\(order.number) has no line \(name) (it has \(order.items.count))")
            }
            return number - 1
        }
        let skus = order.items.enumerated().map { $0.element.sku.isEmpty ? "#\($0.offset + 1)" : $0.element.sku }
        throw .failed(matches.isEmpty
            ? "\(order.number) has no line with the SKU \"\(name)\" (it has \(skus.joined(separator: ", ")))"
            : "\(order.number) has \(matches.count) lines with the SKU \"\(name)\"; name them by position (#N)")
    }
}
