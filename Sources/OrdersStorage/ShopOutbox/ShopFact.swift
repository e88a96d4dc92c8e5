import Foundation
import OrdersCore

/// One thing an operator did here that a connected shop must learn, as the outbox keeps it until it
/// is sent (`ShopFacts.change` derives it; `ShopPush` sends it). Its details are what the shop's
/// request needs, fixed when the change is made: a later change of the order does not alter a fact
/// already queued.
public struct ShopFact: Codable, Hashable, Sendable {
    public enum Kind: String, Codable, Sendable, Hashable {
        /// Units of chosen lines sent, with tracking number, carrier and whether to tell the customer.
        case shipment
        /// The order cancelled, with the operator's reason.
        case cancellation
        /// Fulfilment held, with the operator's reason (the note the hold added, when it added one).
        case hold
        /// A held fulfilment going again.
        case release
        /// Tags added here (`tags`), in the order they were added.
        case tagsAdded
        /// Tags removed here (`tags`).
        case tagsRemoved
        /// A note an operator added here (`text`, verbatim).
        case note
        /// Money given back, recorded here (`refundID`, `R1`…): `amount` in `currency` (shipping's part
        /// `shipping` among it), the units of `lines` returned, whether they go back into stock, `reason`.
        case refund
    }

    /// Units of one line sent: the line's position in the order (as the shop listed its lines, which
    /// the pull keeps), and its SKU and title as they were, so the sender can check it is still the
    /// shop's line at that position and say what was sent in words.
    public struct Line: Codable, Hashable, Sendable {
        public var line: Int
        public var quantity: Int
        public var sku: String
        public var title: String

        public init(line: Int, quantity: Int, sku: String, title: String) {
            self.line = line
            self.quantity = quantity
            self.sku = sku
            self.title = title
        }
    }

    public var kind: Kind
    /// A shipment's lines (empty for other kinds).
    public var lines: [Line]
    public var trackingNumber: String?
    public var carrier: String?
    public var notifyCustomer: Bool
    /// Whether the shipment left nothing to send: WooCommerce's order becomes `completed` then.
    public var completesOrder: Bool
    /// A cancellation's or a hold's reason as the operator gave it, verbatim.
    public var reason: String?
    /// The tags a tag fact adds or removes. Optional, as the fields below: facts stored before these
    /// kinds existed have no such key and still decode.
    public var tags: [String]? = nil
    /// A note's text, verbatim.
    public var text: String? = nil
    /// A refund's id here (`R1`): the shop's copy of it keeps this id when it is pulled (`ShopOrderMapper`).
    public var refundID: String? = nil
    /// A refund's whole amount and its shipping part, plain decimals in `currency` (`45.05`): text, so
    /// that the outbox keeps them exactly, never as a binary fraction.
    public var amount: String? = nil
    public var shipping: String? = nil
    /// The order's currency (the customer's: Shopify's presentment currency), ISO 4217.
    public var currency: String? = nil
    /// Whether a refund's returned units go back into stock.
    public var restock: Bool? = nil

    public static func shipment(_ lines: [Line], trackingNumber: String?, carrier: String?, notifyCustomer: Bool,
                                completesOrder: Bool) -> ShopFact {
        ShopFact(kind: .shipment, lines: lines, trackingNumber: trackingNumber, carrier: carrier, notifyCustomer: notifyCustomer,
                 completesOrder: completesOrder, reason: nil)
    }

    public static func cancellation(reason: String?) -> ShopFact {
        ShopFact(kind: .cancellation, lines: [], trackingNumber: nil, carrier: nil, notifyCustomer: false, completesOrder: false,
                 reason: reason)
    }

    public static func hold(reason: String?) -> ShopFact {
        ShopFact(kind: .hold, lines: [], trackingNumber: nil, carrier: nil, notifyCustomer: false, completesOrder: false, reason: reason)
    }

    public static var release: ShopFact {
        ShopFact(kind: .release, lines: [], trackingNumber: nil, carrier: nil, notifyCustomer: false, completesOrder: false, reason: nil)
    }

    public static func tags(added: Bool, _ tags: [String]) -> ShopFact {
        ShopFact(kind: added ? .tagsAdded : .tagsRemoved, lines: [], trackingNumber: nil, carrier: nil, notifyCustomer: false,
                 completesOrder: false, reason: nil, tags: tags)
    }

    public static func note(_ text: String) -> ShopFact {
        ShopFact(kind: .note, lines: [], trackingNumber: nil, carrier: nil, notifyCustomer: false, completesOrder: false, reason: nil,
                 text: text)
    }

    /// The refund `refund` of `order`, its lines named as a shipment's are (position, SKU and title).
    public static func refund(_ refund: Refund, of order: Order) -> ShopFact {
        let lines = refund.lines.map { line in
            let item = order.items.indices.contains(line.line) ? order.items[line.line] : nil
            return Line(line: line.line, quantity: line.quantity, sku: item?.sku ?? "", title: item?.title ?? "")
        }
        return ShopFact(kind: .refund, lines: lines, trackingNumber: nil, carrier: nil, notifyCustomer: false, completesOrder: false,
                        reason: refund.reason, refundID: refund.id, amount: order.currency.plainText(refund.amount),
                        shipping: order.currency.plainText(refund.shipping), currency: order.currency.code, restock: refund.restock)
    }

    /// A refund's amount as a number (it is kept as text, exactly).
    package var refundAmount: Decimal? { amount.flatMap { Decimal(string: $0) } }

    /// A refund's currency and amount, when the shop's order is in the same currency (`code`): the one
    /// check both platforms' senders make before they read what the shop can give back.
    package func refundMoney(inShopCurrency code: String) throws -> (currency: Currency, amount: Decimal) {
        guard let currency = Currency.named(code), code == self.currency, let amount = refundAmount else {
            throw ShopPushError.refused("the shop's order is in \(code), the refund in \(self.currency ?? "no currency"); pull the order again")
        }
        return (currency, amount)
    }

    /// A refund of more than the shop can still give back (`most`), refused before anything is sent.
    package static func refundTooLarge(_ amount: Decimal, most: Decimal, in currency: Currency) -> ShopPushError {
        .refused("the shop can give back at most \(currency.plainText(most)) \(currency.code) of this order, not \(currency.plainText(amount))")
    }

    /// The outbox's text for the details: JSON with sorted keys, the same bytes on every engine.
    var storedText: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Strings, numbers, Booleans and arrays of those: encoding cannot fail.
        return String(decoding: (try? encoder.encode(self)) ?? Data(), as: UTF8.self)
    }

    /// The fact in words, for the summary and the shop's notes: `shipment of 2 × MUG-1, 1 × line 2;
    /// tracking CTT-1 (CTT)`, `cancellation (customer changed their mind)`, `hold (waiting for stock)`,
    /// `release`, `tags added: vip, gift`, `tags removed: gift`, `note: call before delivery`, `refund R1 of
    /// 16.90 EUR: 1 × MUG-1, shipping 4.90 (arrived broken)`.
    public var summary: String {
        switch kind {
        case .shipment:
            var text = "shipment of " + lines.map { "\($0.quantity) × " + ($0.sku.isEmpty ? "line \($0.line + 1)" : $0.sku) }
                .joined(separator: ", ")
            if let trackingNumber { text += "; tracking \(trackingNumber)" + (carrier.map { " (\($0))" } ?? "") }
            return text
        case .cancellation:
            return "cancellation" + (reason.map { " (\($0))" } ?? "")
        case .hold:
            return "hold" + (reason.map { " (\($0))" } ?? "")
        case .release:
            return "release"
        case .tagsAdded:
            return "tags added: " + (tags ?? []).joined(separator: ", ")
        case .tagsRemoved:
            return "tags removed: " + (tags ?? []).joined(separator: ", ")
        case .note:
            return "note: " + (text ?? "")
        case .refund:
            var text = "refund \(refundID ?? "") of \(amount ?? "") \(currency ?? "")"
            var parts = lines.map { "\($0.quantity) × " + ($0.sku.isEmpty ? "line \($0.line + 1)" : $0.sku) }
            if let shipping, (Decimal(string: shipping) ?? 0) > 0 { parts.append("shipping \(shipping)") }
            if !parts.isEmpty { text += ": " + parts.joined(separator: ", ") }
            return text + (reason.map { " (\($0))" } ?? "")
        }
    }
}

extension ShopFact {
    /// The fact a stored text holds; nil when it is not one (written by a newer version of orders).
    init?(storedText text: String) {
        guard let fact = try? JSONDecoder().decode(ShopFact.self, from: Data(text.utf8)) else { return nil }
        self = fact
    }
}

/// Where a queued fact stands.
public enum ShopFactState: String, Sendable, Hashable, CaseIterable {
    /// Not sent yet, or sent without an answer (then `attempts` > 0 and the shop is asked first).
    case waiting
    /// The shop has it; its ids are on the fact.
    case sent
    /// The shop said no, in its words on the fact; never sent again by itself (`orders shop retry`).
    case refused
    /// An operator dropped it (`orders shop drop`): never sent, not counted, kept for the record.
    case dropped
}

/// A fact in the outbox, with what sending it has learnt so far.
public struct QueuedShopFact: Sendable, Hashable {
    /// The outbox's key: facts are sent in this order.
    public var id: Int64
    public var shop: String
    public var orderID: OrderID
    /// The order's version whose change queued the fact: an undo of that version withdraws it while unsent.
    public var version: Int
    public var fact: ShopFact
    public var state: ShopFactState
    /// How many sends were begun. More than 0 on a waiting fact: an answer was lost (or the syncer was
    /// killed before it wrote the answer down), so the shop is asked whether it has the fact first.
    public var attempts: Int
    /// The shop's ids of its records of this kind (fulfilments, notes) before the last send began:
    /// a record not among them that matches the fact's details is the one that send made.
    public var seenBefore: [String]
    /// The shop's ids of what the fact made, by what they are (`fulfillment`, `note`, `status`).
    public var shopIDs: [String: String]
    /// The shop's words when it refused the fact.
    public var refusal: String?

    public init(id: Int64, shop: String, orderID: OrderID, version: Int, fact: ShopFact, state: ShopFactState, attempts: Int,
                seenBefore: [String], shopIDs: [String: String], refusal: String?) {
        self.id = id
        self.shop = shop
        self.orderID = orderID
        self.version = version
        self.fact = fact
        self.state = state
        self.attempts = attempts
        self.seenBefore = seenBefore
        self.shopIDs = shopIDs
        self.refusal = refusal
    }
}

/// JSON texts of the outbox's small lists and maps, the same bytes on every engine.
enum ShopOutboxJSON {
    static func text(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: (try? encoder.encode(value)) ?? Data(), as: UTF8.self)
    }

    static func list(_ text: String?) -> [String] {
        text.flatMap { try? JSONDecoder().decode([String].self, from: Data($0.utf8)) } ?? []
    }

    static func map(_ text: String?) -> [String: String] {
        text.flatMap { try? JSONDecoder().decode([String: String].self, from: Data($0.utf8)) } ?? [:]
    }
}
