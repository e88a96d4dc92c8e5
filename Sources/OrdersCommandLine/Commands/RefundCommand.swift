import Foundation
import OrdersCore

/// `orders refund NUMBER [--amount AMOUNT] [--line SKU:QTY]… [--shipping AMOUNT] [--reason TEXT] [--restock]`:
/// gives money back as one refund record, through the order's refund rules and its payment's
/// transition table, audited like every change.
struct RefundCommand: CLICommand {
    static let name = "refund"
    static let summary = "Give back part or all of what an order was paid"
    static let arguments = ["NUMBER"]
    static let options: [CommandOption] = [
        .value("--amount", "AMOUNT", "How much to give back, in the order's currency (e.g. 189.00)"),
        .value("--line", "SKU:QTY", "Units of a line coming back (repeat for several lines)"),
        .value("--shipping", "AMOUNT", "How much of the refund gives back shipping (default 0)"),
        .value("--reason", "TEXT", "Why, for the order's history"),
        .flag("--restock", "The returned units go back into stock"),
    ]
    static let details = """
        Name an amount, lines, or both. Without --amount the lines are given back at the price each
        unit was sold for, plus --shipping. A refund never exceeds what was paid and not yet given
        back, and never returns more units of a line than were bought and not yet returned. The
        payment becomes partially_refunded, or refunded once everything is given back.
        """

    var reference: OrderReference
    var amount: Decimal?
    var lines: [(sku: String, quantity: Int)]
    var shipping: Decimal
    var reason: String?
    var restock: Bool

    init(_ arguments: ParsedArguments, now: Date) throws(CLIError) {
        reference = try ArgumentValue.orderReference(arguments.positionals[0])
        amount = try arguments.value("--amount").map { (text) throws(CLIError) in try Self.money(text, option: "--amount") }
        shipping = try arguments.value("--shipping").map { (text) throws(CLIError) in try Self.money(text, option: "--shipping") } ?? 0
        lines = []
        for text in arguments.values("--line") {
            guard let colon = text.lastIndex(of: ":"), let quantity = Int(text[text.index(after: colon)...]), quantity > 0,
                  colon != text.startIndex
            else { throw .usage("--line takes SKU:QUANTITY with a quantity of at least 1, such as MUG-1:2; got \"\(text)\"") }
            lines.append((String(text[..<colon]), quantity))
        }
        guard amount != nil || !lines.isEmpty else { throw .usage("name an --amount, at least one --line, or both") }
        reason = arguments.value("--reason").flatMap { $0.trimmingCharacters(in: .whitespaces).isEmpty ? nil : $0 }
        restock = arguments.has("--restock")
    }

    private static func money(_ text: String, option: String) throws(CLIError) -> Decimal {
        guard let value = PlainDecimal.parse(text), value >= 0 else {
            throw .usage("\(option) takes an amount such as 189.00; got \"\(text)\"")
        }
        return value
    }

    func run(_ context: CommandContext) async throws -> Int32 {
        let store = try await context.openStore()
        let order = try await store.order(named: reference)
        var refundLines: [RefundLine] = []
        for line in lines {
            let matches = order.items.indices.filter { order.items[$0].sku == line.sku }
            guard matches.count == 1, let index = matches.first else {
                throw CLIError.failed(matches.isEmpty
                    ? "\(order.number) has no line with the SKU \"\(line.sku)\" (it has \(order.items.map(\.sku).joined(separator: ", ")))"
                    : "\(order.number) has \(matches.count) lines with the SKU \"\(line.sku)\"; refund them by --amount")
            }
            refundLines.append(RefundLine(line: index, quantity: line.quantity))
        }
        let refund = order.refund(returning: refundLines, shipping: shipping, amount: amount, at: context.now, reason: reason,
                                  restock: restock)
        let updated = try await store.update(order.id, expectedVersion: order.version, mutations: [.refund(refund)], actor: context.actor(for: store))
        let currency = updated.currency
        context.print("Refunded \(currency.plainText(refund.amount)) \(currency.code) on \(updated.number) (\(refund.id)); "
                      + "\(currency.plainText(updated.refunded)) of \(currency.plainText(updated.total)) \(currency.code) given back, "
                      + "payment \(updated.payment).\n", fromData: true)
        return 0
    }
}
