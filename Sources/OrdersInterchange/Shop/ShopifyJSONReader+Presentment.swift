/// When a Shopify order is read in the customer's money. The API states every amount twice, in
/// the shop's currency and in the one the customer paid in (`presentment_currency`,
/// `*_set.presentment_money`); the order is kept in the customer's, as they were charged, with the
/// shop's total beside it (`Order+ShopCurrency`). Only when every amount the order is made of is
/// stated in it: otherwise the order is read in the shop's money, the customer's total kept as a
/// note attribute, rather than a mix of two currencies.
extension JSONOrderReader {
    func customersOwnCurrency(shopCurrency: String) -> String? {
        let total = object["total_price_set"]?["presentment_money"]
        guard let code = object["presentment_currency"]?.text ?? total?["currency_code"]?.text, code != shopCurrency,
              total?["amount"] != nil else { return nil }
        func stated(_ object: JSONValue, _ key: String) -> Bool {
            object[key] == nil || object[key] == .null || object["\(key)_set"]?["presentment_money"]?["amount"] != nil
        }
        let lines = object["line_items"]?.objects ?? []
        let shipping = object["shipping_lines"]?.objects ?? []
        guard ["subtotal_price", "total_tax", "total_discounts"].allSatisfy({ stated(object, $0) }),
              lines.allSatisfy({ stated($0, "price") }), shipping.allSatisfy({ stated($0, "price") })
        else { return nil }
        return code
    }
}
