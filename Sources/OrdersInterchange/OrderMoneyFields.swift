import Foundation
import OrdersCore

/// The money of an order beyond its lines, discount, shipping and tax, as JSON exports write it and
/// both importers read it: `taxes_included`, `discount_codes`, `adjustments`, `stated_total` and
/// `refunds` (CSV keeps the arrays as JSON in a cell, like `notes`). Amounts are decimal strings.
struct OrderMoneyFields: Decodable, Hashable {
    struct Code: Decodable, Hashable {
        var code: String
        var amount: JSONMoney
    }

    struct Adjustment: Decodable, Hashable {
        var kind: String
        var label: String
        var amount: JSONMoney
    }

    struct Refund: Decodable, Hashable {
        var id: String
        var createdAt: String
        var reason: String?
        var amount: JSONMoney
        var shipping: JSONMoney?
        var restock: Bool?
        var lines: [Line]?

        enum CodingKeys: String, CodingKey {
            case id, reason, amount, shipping, restock, lines
            case createdAt = "created_at"
        }
    }

    /// A returned line: `line` counts the order's items from 1; `sku` is written for people and not read.
    struct Line: Decodable, Hashable {
        var line: Int
        var quantity: Int
    }

    var taxesIncluded = false
    var discountCodes: [Code] = []
    var adjustments: [Adjustment] = []
    var statedTotal: JSONMoney?
    var refunds: [Refund] = []
    /// The shop's currency, total and rate; `shop_currency` and `shop_total` are also written for orders
    /// without a rate (as the order's own), so they are only read together with `exchange_rate`.
    var shopCurrency: String?
    var shopTotal: JSONMoney?
    var exchangeRate: JSONMoney?

    init() {}

    // MARK: Writing

    /// The members exports write, in export order.
    static func members(of order: Order) -> [(String, String)] {
        let currency = order.currency
        func money(_ amount: Decimal) -> String { JSONText.string(currency.plainText(amount)) }
        return [
            ("taxes_included", String(order.taxesIncluded)),
            ("discount_codes", codesArray(order)),
            ("adjustments", adjustmentsArray(order)),
            ("stated_total", order.statedTotal.map(money) ?? "null"),
            ("refunds", refundsArray(order)),
            ("shop_currency", JSONText.string(order.reportingCurrency.code)),
            ("shop_total", JSONText.string(order.reportingCurrency.plainText(order.reportingTotal))),
            ("exchange_rate", order.exchangeRate.map { JSONText.string(MoneyLimits.plain($0)) } ?? "null"),
        ]
    }

    static func codesArray(_ order: Order) -> String {
        JSONText.array(order.discountCodes.map {
            JSONText.object([("code", JSONText.string($0.code)), ("amount", JSONText.string(order.currency.plainText($0.amount)))])
        })
    }

    static func adjustmentsArray(_ order: Order) -> String {
        JSONText.array(order.adjustments.map {
            JSONText.object([("kind", JSONText.string($0.kind.rawValue)), ("label", JSONText.string($0.label)),
                             ("amount", JSONText.string(order.currency.plainText($0.amount)))])
        })
    }

    static func refundsArray(_ order: Order) -> String {
        let currency = order.currency
        return JSONText.array(order.refunds.map { refund in
            JSONText.object([
                ("id", JSONText.string(refund.id)),
                ("created_at", JSONText.string(ISO8601Milliseconds.string(from: refund.createdAt))),
                ("reason", JSONText.optionalString(refund.reason)),
                ("amount", JSONText.string(currency.plainText(refund.amount))),
                ("shipping", JSONText.string(currency.plainText(refund.shipping))),
                ("restock", String(refund.restock)),
                ("lines", JSONText.array(refund.lines.map { line in
                    JSONText.object([
                        ("line", String(line.line + 1)),
                        ("sku", JSONText.string(order.items.indices.contains(line.line) ? order.items[line.line].sku : "")),
                        ("quantity", String(line.quantity)),
                    ])
                })),
            ])
        })
    }

    // MARK: Reading

    /// Puts the fields on `order`; problems name the field as the file does (`refunds[0].created_at`).
    func apply(to order: inout Order, _ problem: (String, String) -> Void) {
        order.taxesIncluded = taxesIncluded
        order.discountCodes = discountCodes.map { DiscountCode(code: $0.code, amount: $0.amount.value) }
        order.adjustments = []
        for (index, adjustment) in adjustments.enumerated() {
            // A refused field still takes its place (as a fee, at 1970), so later problems name the right index.
            let kind = OrderAdjustment.Kind(rawValue: adjustment.kind) ?? .fee
            if OrderAdjustment.Kind(rawValue: adjustment.kind) == nil {
                problem("adjustments[\(index)].kind", "unknown kind \"\(adjustment.kind)\" (expected fee or duty)")
            }
            order.adjustments.append(OrderAdjustment(kind: kind, label: adjustment.label, amount: adjustment.amount.value))
        }
        order.statedTotal = statedTotal?.value
        if let exchangeRate {
            order.exchangeRate = exchangeRate.value
            order.shopTotal = shopTotal?.value
            order.shopCurrency = shopCurrency.flatMap(Currency.named)
            if let code = shopCurrency, Currency.named(code) == nil {
                problem("shop_currency", "unknown currency \"\(code)\" (an ISO 4217 code such as EUR, USD or JPY)")
            }
        } else if let code = shopCurrency, code.uppercased() != order.currency.code {
            problem("exchange_rate", "is missing: a shop currency other than the order's needs the rate")
        }
        order.refunds = []
        for (index, refund) in refunds.enumerated() {
            let date = ISO8601Milliseconds.date(from: refund.createdAt) ?? Date(timeIntervalSince1970: 0)
            if ISO8601Milliseconds.date(from: refund.createdAt) == nil {
                problem("refunds[\(index)].created_at", "\"\(refund.createdAt)\" is not an ISO 8601 date-time such as 2026-03-01T09:30:00Z")
            }
            // Files count lines from 1. A line below 1 is refused here, before `line - 1` could
            // overflow (a file may hold Int.min); a line past the order's end is refused by the
            // refund rules (`Order+Refunds`), which name the order's line count.
            var lines: [RefundLine] = []
            for (lineIndex, line) in (refund.lines ?? []).enumerated() {
                guard line.line >= 1 else {
                    problem("refunds[\(index)].lines[\(lineIndex)].line", "\(line.line) is not a line number (lines count from 1)")
                    continue
                }
                lines.append(RefundLine(line: line.line - 1, quantity: line.quantity))
            }
            order.refunds.append(OrdersCore.Refund(
                id: refund.id, createdAt: date, reason: refund.reason.flatMap { $0.isEmpty ? nil : $0 },
                amount: refund.amount.value,
                lines: lines,
                shipping: refund.shipping?.value ?? 0, restock: refund.restock ?? false))
        }
    }

    enum CodingKeys: String, CodingKey {
        case adjustments, refunds
        case taxesIncluded = "taxes_included", discountCodes = "discount_codes", statedTotal = "stated_total"
        case shopCurrency = "shop_currency", shopTotal = "shop_total", exchangeRate = "exchange_rate"
    }

    init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        taxesIncluded = try container.decodeIfPresent(Bool.self, forKey: .taxesIncluded) ?? false
        discountCodes = try container.decodeIfPresent([Code].self, forKey: .discountCodes) ?? []
        adjustments = try container.decodeIfPresent([Adjustment].self, forKey: .adjustments) ?? []
        statedTotal = try container.decodeIfPresent(JSONMoney.self, forKey: .statedTotal)
        refunds = try container.decodeIfPresent([Refund].self, forKey: .refunds) ?? []
        shopCurrency = try container.decodeIfPresent(String.self, forKey: .shopCurrency)
        shopTotal = try container.decodeIfPresent(JSONMoney.self, forKey: .shopTotal)
        exchangeRate = try container.decodeIfPresent(JSONMoney.self, forKey: .exchangeRate)
    }
}
