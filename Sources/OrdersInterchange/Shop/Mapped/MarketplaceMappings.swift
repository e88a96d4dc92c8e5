/// Complete mapping files for the marketplaces' own order reports, which `orders import --help`
/// prints and the README shows: copied into a file, they import the reports with `--map`.
public enum MarketplaceMappings {
    /// Etsy's "Sold Order Items" CSV (Shop Manager → Settings → Options → Download Data): one row
    /// per item, dates `MM/dd/yy` without a zone, no buyer's email, no order total (the order's
    /// total is its items, shipping and sales tax less the coupons' discount).
    public static let etsy = """
        {
          "comment": "Etsy: Sold Order Items CSV, one row per item",
          "source": "etsy",
          "orderKey": "Order ID",
          "dateFormat": "MM/dd/yy",
          "columns": {
            "number": "Order ID", "createdAt": "Sale Date", "paidAt": "Date Paid", "fulfilledAt": "Date Shipped",
            "currency": "Currency", "customerName": "Ship Name", "customerKey": "Buyer",
            "shipping.name": "Ship Name", "shipping.address1": "Ship Address1", "shipping.address2": "Ship Address2",
            "shipping.city": "Ship City", "shipping.region": "Ship State", "shipping.postcode": "Ship Zipcode",
            "shipping.country": "Ship Country", "shippingTotal": "Order Shipping", "taxTotal": "Order Sales Tax",
            "discountCodes": "Coupon Code", "item.title": "Item Name", "item.sku": "SKU", "item.quantity": "Quantity",
            "item.unitPrice": "Price", "item.discount": "Discount Amount"
          }
        }
        """

    /// Amazon Seller Central's "All Orders" report (Reports → Fulfillment → All Orders), a
    /// tab-separated flat file: one row per item, ISO 8601 dates, no buyer's name or email, no
    /// order total (each row has its item's price for the quantity, tax, shipping and promotion
    /// discounts), cancelled items with quantity 0 and no price. Where item prices include VAT,
    /// set "taxesIncluded" to true. Gift wrap (gift-wrap-price, gift-wrap-tax) is not read.
    public static let amazon = """
        {
          "comment": "Amazon Seller Central: All Orders report, tab-separated, one row per item",
          "source": "amazon",
          "delimiter": "tab",
          "orderKey": "amazon-order-id",
          "taxesIncluded": false,
          "columns": {
            "number": "amazon-order-id", "createdAt": "purchase-date", "status": "order-status", "currency": "currency",
            "shippingMethod": "ship-service-level", "shipping.city": "ship-city", "shipping.region": "ship-state",
            "shipping.postcode": "ship-postal-code", "shipping.country": "ship-country", "discountCodes": "promotion-ids",
            "item.title": "product-name", "item.sku": "sku", "item.quantity": "quantity", "item.lineTotal": "item-price",
            "item.tax": ["item-tax", "shipping-tax"], "item.shipping": "shipping-price",
            "item.discount": ["item-promotion-discount", "ship-promotion-discount"]
          },
          "statuses": {
            "Pending": {"payment": "pending"},
            "Unshipped": {"payment": "paid"},
            "PartiallyShipped": {"payment": "paid", "fulfilment": "partially_fulfilled"},
            "Shipped": {"payment": "paid", "fulfilment": "fulfilled"},
            "Cancelled": {"payment": "voided", "cancelled": true}
          }
        }
        """
}
