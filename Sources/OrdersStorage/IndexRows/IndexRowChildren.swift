import Foundation

/// Fills in the child rows of a batch of projected rows (`OrderIndexRow`) as a backend reads them,
/// one table at a time in (order id, position) order: the line items' SKUs and titles, the tags,
/// the addresses' cities and postcodes, the discount codes and whether anything was refunded.
/// Rows of ids not in the batch are ignored.
struct IndexRowChildren {
    private(set) var rows: [OrderIndexRow]
    private var positions: [Int: Int] = [:]
    /// Per row: the shipping address's city and postcode, then the billing's, once both are read.
    private var places: [Int: (shipping: [String?], billing: [String?])] = [:]
    private var refundedMinor: [Int: Int64] = [:]

    init(_ rows: [OrderIndexRow]) {
        self.rows = rows
        positions.reserveCapacity(rows.count)
        for (position, row) in rows.enumerated() { positions[row.id.number] = position }
    }

    mutating func addProduct(of id: Int, sku: String, title: String) {
        guard let at = positions[id] else { return }
        rows[at].products.append(OrderIndexRow.Product(sku: sku, title: title))
    }

    mutating func addTag(of id: Int, _ tag: String) {
        guard let at = positions[id] else { return }
        rows[at].tags.append(tag)
    }

    mutating func addDiscountCode(of id: Int, _ code: String) {
        guard let at = positions[id] else { return }
        rows[at].discountCodes.append(code)
    }

    /// An address of kind "shipping" or "billing" (the stores' `addresses.kind`).
    mutating func addAddress(of id: Int, kind: String, city: String?, postcode: String?) {
        guard positions[id] != nil else { return }
        var entry = places[id] ?? ([], [])
        if kind == "shipping" { entry.shipping = [city, postcode] } else { entry.billing = [city, postcode] }
        places[id] = entry
    }

    /// A refund's amount, in minor units of the order's currency.
    mutating func addRefund(of id: Int, amountMinor: Int64) {
        guard positions[id] != nil else { return }
        // Saturating: only whether the sum is above zero matters, and a validated order's never nears the limit.
        let (sum, overflow) = refundedMinor[id, default: 0].addingReportingOverflow(amountMinor)
        refundedMinor[id] = overflow ? (amountMinor > 0 ? .max : .min) : sum
    }

    /// The rows with every child added: cities and postcodes of the shipping address first, as
    /// `OrderIndexRow.init(_ order:)` lists them.
    func finished() -> [OrderIndexRow] {
        var rows = rows
        for (id, entry) in places {
            guard let at = positions[id] else { continue }
            for address in [entry.shipping, entry.billing] where address.count == 2 {
                if let city = address[0] { rows[at].cities.append(city) }
                if let postcode = address[1] { rows[at].postcodes.append(postcode) }
            }
        }
        for (id, sum) in refundedMinor {
            guard let at = positions[id] else { continue }
            rows[at].isRefunded = sum > 0
        }
        return rows
    }
}
