import Foundation
import OrdersCore

/// Whether an order's prices include tax, told from its own figures when the file does not say
/// (Shopify's and WooCommerce's CSV exports have no such column): if the total is the subtotal
/// (after discounts) plus shipping plus tax, tax came on top; if it is the same without the tax,
/// the prices already held it (VAT-inclusive shops). Anything else stays unknown, and the mismatch
/// between stated and recomputed totals is shown later rather than guessed away.
enum ShopTaxInference {
    /// `adjustments` are the fees and duties, which the total holds beside shipping.
    static func taxesIncluded(subtotal: Decimal?, discount: Decimal?, shipping: Decimal?, tax: Decimal?, total: Decimal?,
                              adjustments: [OrderAdjustment] = []) -> Bool? {
        guard let subtotal, let total else { return nil }
        let tax = tax ?? 0
        guard tax != 0 else { return nil }
        let beforeTax = subtotal - (discount ?? 0) + (shipping ?? 0) + adjustments.reduce(Decimal(0)) { $0 + $1.amount }
        if beforeTax + tax == total { return false }
        if beforeTax == total { return true }
        return nil
    }
}
