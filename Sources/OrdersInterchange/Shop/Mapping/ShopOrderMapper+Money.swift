import Foundation
import OrdersCore
import OrdersStorage

/// The money of a shop's order: its lines, discount codes and refunds.
extension ShopOrderMapper {
    func lineItems(of shop: ShopOrder, currency: Currency) -> [LineItem] {
        shop.items.map { item in
            // What the shop says was sent of the line; the order's validation refuses more than was bought.
            // Unsaid, it follows the order's fulfilment (`applyStatuses`).
            let fulfilled = item.fulfilledQuantity ?? 0
            guard let unitPrice = item.unitPrice else {
                // The shop states only the line's total, which no exact unit price gives (WooCommerce with
                // prices including tax): the total is kept and the unit price derived (`LineItem+StatedTotal.swift`).
                return LineItem(sku: item.sku, title: item.title, quantity: item.quantity, statedLineTotal: item.lineTotal,
                                currency: currency, fulfilledQuantity: fulfilled)
            }
            return LineItem(sku: item.sku, title: item.title, quantity: item.quantity, unitPrice: unitPrice, fulfilledQuantity: fulfilled)
        }
    }

    /// The shop's own total beside the customer's, when the order is in the customer's currency:
    /// the shop's currency, its total as stated, and the rate the two totals imply (shop units per
    /// unit of the customer's, to 10 decimals, as the stores keep it). A total of zero implies no rate:
    /// then the shop's total is kept as a note attribute instead.
    func applyShopCurrency(of shop: ShopOrder, to order: inout Order, problem: (String?, String) -> Void) {
        guard let shopMoney = shop.shopMoney else { return }
        guard let currency = Currency.named(shopMoney.currency) else {
            problem(shop.format.currencyColumn, "\"\(shopMoney.currency)\" is not an ISO 4217 currency code")
            return
        }
        guard shop.total > 0 else {
            order.noteAttributes.append(NoteAttribute(key: "shop total", value: "\(currency.plainText(shopMoney.amount)) \(currency.code)"))
            return
        }
        var rate = shopMoney.amount / shop.total
        var rounded = Decimal()
        NSDecimalRound(&rounded, &rate, 10, .plain)
        order.shopCurrency = currency
        order.shopTotal = shopMoney.amount
        order.exchangeRate = rounded
    }

    /// The codes behind the discount. The exports state one discount total, not what each code
    /// took off: a single code took all of it; with several, each is kept with 0 and the
    /// discount total still holds the whole amount, rather than a split the shop never stated.
    static func discountCodes(of shop: ShopOrder) -> [DiscountCode] {
        let discount = shop.discountTotal ?? 0
        if shop.discountCodes.count == 1, let code = shop.discountCodes.first {
            return [DiscountCode(code: code, amount: discount)]
        }
        return shop.discountCodes.map { DiscountCode(code: $0, amount: 0) }
    }

    /// The shop's refunds as records, `S1`, `S2`… in the shop's order (refunds made here are `R1`…,
    /// so a re-import tells them apart); a refund sent from here (`sentRefunds`) keeps its id here and
    /// is not counted among the `S` ones. Shopify's CSV states only a refunded total: that is one
    /// refund. A refund without a date is dated at the order's creation, the earliest it can be.
    func refunds(of shop: ShopOrder, items: [LineItem], problem: (String?, String) -> Void) -> [Refund] {
        if shop.refunds.isEmpty, let amount = shop.refundedAmount, amount > 0 {
            return [Refund(id: "S1", createdAt: shop.createdAt, amount: amount)]
        }
        var theirs = 0
        var inDoubt = shop.shopID.flatMap { refundsInDoubt[$0] } ?? []
        return shop.refunds.enumerated().map { index, refund in
            let id: String
            if let ours = refund.shopID.flatMap({ sentRefunds[$0] }) {
                id = ours
            } else if let match = inDoubt.firstIndex(where: { Self.mayBe(refund, $0) }), let ours = inDoubt[match].refundID {
                inDoubt.remove(at: match)
                id = ours
            } else {
                theirs += 1
                id = "S\(theirs)"
            }
            let lines: [RefundLine] = refund.lines.compactMap { line in
                let position = items.firstIndex { !line.sku.isEmpty && $0.sku == line.sku }
                    ?? items.firstIndex { line.sku.isEmpty && $0.title == line.title }
                guard let position else {
                    problem("refunds[\(index)]", "returns \"\(line.sku.isEmpty ? line.title : line.sku)\", which is no line of the order")
                    return nil
                }
                return RefundLine(line: position, quantity: line.quantity)
            }
            return Refund(id: id, createdAt: refund.date ?? shop.createdAt, reason: refund.reason.map(Self.withLineFeeds),
                          amount: refund.amount, lines: lines, shipping: refund.shipping ?? 0,
                          restock: refund.restock)
        }
    }

    /// Whether the shop's refund may be the one a send of `fact` made: the same amount, and the same
    /// units of each line when the shop lists its refund's lines (WooCommerce's order lists none).
    static func mayBe(_ refund: ShopRefund, _ fact: ShopFact) -> Bool {
        guard fact.refundAmount == refund.amount else { return false }
        guard !refund.lines.isEmpty else { return true }
        func units(_ lines: [(sku: String, quantity: Int)]) -> [String: Int] {
            lines.reduce(into: [:]) { $0[$1.sku, default: 0] += $1.quantity }
        }
        return units(refund.lines.map { ($0.sku, $0.quantity) }) == units(fact.lines.map { ($0.sku, $0.quantity) })
    }
}
