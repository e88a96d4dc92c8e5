import Foundation

/// The money of a shop's order: its lines, discount codes and refunds.
extension ShopOrderMapper {
    func lineItems(of shop: ShopOrder, currency: Currency) -> [LineItem] {
        shop.items.map { item in
            // What the shop says was sent of the line; the order's validation refuses more than was bought.
            // Unsaid, it follows the order's fulfilment (`applyStatuses`).
            LineItem(sku: item.sku, title: item.title, quantity: item.quantity,
                     unitPrice: item.unitPrice ?? Self.derivedUnitPrice(of: item, currency: currency),
                     fulfilledQuantity: item.fulfilledQuantity ?? 0)
        }
    }

    /// The price of one unit of a line whose shop states only its total, and that total does not
    /// divide exactly by the quantity (WooCommerce with prices entered including tax: 3 at 9.99
    /// including 20 % VAT is a line of 24.98 without tax, 8.3266… a unit). The one rule for it:
    /// the shop's line total is the truth; the unit price is that total divided by the quantity,
    /// rounded half to even to the currency's minor unit (`Currency.rounded`), so 8.33. The
    /// order's lines then come to a little more or less than the shop's (24.99): the shop's total
    /// stays the order's stated total, the difference shows as a total mismatch, and the order
    /// says which line was rounded and from what (`roundedPriceNotes`). Never a reason to refuse.
    static func derivedUnitPrice(of item: ShopLineItem, currency: Currency) -> Decimal {
        currency.rounded(item.lineTotal / Decimal(item.quantity))
    }

    /// A note attribute for each line whose unit price was rounded (`derivedUnitPrice`): the
    /// shop's line total, the quantity, and the price the order keeps.
    static func roundedPriceNotes(of shop: ShopOrder, currency: Currency) -> [NoteAttribute] {
        shop.items.filter { $0.unitPrice == nil }.map { item in
            NoteAttribute(key: "rounded price", value: "\(item.title): \(currency.plainText(item.lineTotal)) for \(item.quantity), "
                          + "\(currency.plainText(derivedUnitPrice(of: item, currency: currency))) each")
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
    /// so a re-import tells them apart). Shopify's CSV states only a refunded total: that is one
    /// refund. A refund without a date is dated at the order's creation, the earliest it can be.
    func refunds(of shop: ShopOrder, items: [LineItem], problem: (String?, String) -> Void) -> [Refund] {
        if shop.refunds.isEmpty, let amount = shop.refundedAmount, amount > 0 {
            return [Refund(id: "S1", createdAt: shop.createdAt, amount: amount)]
        }
        return shop.refunds.enumerated().map { index, refund in
            let lines: [RefundLine] = refund.lines.compactMap { line in
                let position = items.firstIndex { !line.sku.isEmpty && $0.sku == line.sku }
                    ?? items.firstIndex { line.sku.isEmpty && $0.title == line.title }
                guard let position else {
                    problem("refunds[\(index)]", "returns \"\(line.sku.isEmpty ? line.title : line.sku)\", which is no line of the order")
                    return nil
                }
                return RefundLine(line: position, quantity: line.quantity)
            }
            return Refund(id: "S\(index + 1)", createdAt: refund.date ?? shop.createdAt, reason: refund.reason.map(Self.withLineFeeds),
                          amount: refund.amount, lines: lines, shipping: refund.shipping ?? 0,
                          restock: refund.restock)
        }
    }
}
