import Foundation
import OrdersCore

extension OrderRows {
    /// Writes an order's addresses, tracking numbers and note attributes (none prepared for an order without them).
    static func insertPeopleRows(of order: Order, into connection: SQLiteConnection) throws {
        let id = SQLiteValue.int(order.id.number)
        let addresses = [("shipping", order.shippingAddress), ("billing", order.billingAddress)].compactMap { kind, address in
            address.map { (kind, $0) }
        }
        if !addresses.isEmpty {
            let insert = try connection.statement("""
                INSERT INTO addresses (order_id, kind, name, company, lines, city, postcode, region, country, phone)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """)
            for (kind, address) in addresses {
                try insert.run([id, .text(kind), .optionalText(address.name), .optionalText(address.company),
                                .text(address.lines.joined(separator: "\n")), .optionalText(address.city),
                                .optionalText(address.postcode), .optionalText(address.region),
                                .optionalText(address.country), .optionalText(address.phone)])
            }
        }
        if !order.trackingNumbers.isEmpty {
            let insert = try connection.statement("INSERT INTO tracking_numbers (order_id, position, number) VALUES (?, ?, ?)")
            for (position, number) in order.trackingNumbers.enumerated() { try insert.run([id, .int(position), .text(number)]) }
        }
        if !order.noteAttributes.isEmpty {
            let insert = try connection.statement("INSERT INTO note_attributes (order_id, position, key, value) VALUES (?, ?, ?, ?)")
            for (position, attribute) in order.noteAttributes.enumerated() {
                try insert.run([id, .int(position), .text(attribute.key), .text(attribute.value)])
            }
        }
    }

    /// Reads the addresses, tracking numbers and note attributes of the orders in `index` (id → position).
    static func loadPeopleRows(of orders: inout [Order], index: [Int: Int], bounds: [SQLiteValue],
                               from connection: SQLiteConnection) throws {
        try connection.statement("""
            SELECT order_id, kind, name, company, lines, city, postcode, region, country, phone FROM addresses
            WHERE order_id BETWEEN ? AND ? ORDER BY order_id, kind
            """).forEachRow(bounds) { row in
            guard let at = index[row.int(0)] else { return }
            let lines = row.text(4)
            let address = PostalAddress(
                name: row.optionalText(2), company: row.optionalText(3),
                lines: lines.isEmpty ? [] : lines.split(separator: "\n", omittingEmptySubsequences: false).map(String.init),
                city: row.optionalText(5), postcode: row.optionalText(6), region: row.optionalText(7),
                country: row.optionalText(8), phone: row.optionalText(9))
            if row.text(1) == "shipping" { orders[at].shippingAddress = address } else { orders[at].billingAddress = address }
        }
        try connection.statement("""
            SELECT order_id, number FROM tracking_numbers WHERE order_id BETWEEN ? AND ? ORDER BY order_id, position
            """).forEachRow(bounds) { row in
            guard let at = index[row.int(0)] else { return }
            orders[at].trackingNumbers.append(row.text(1))
        }
        try connection.statement("""
            SELECT order_id, key, value FROM note_attributes WHERE order_id BETWEEN ? AND ? ORDER BY order_id, position
            """).forEachRow(bounds) { row in
            guard let at = index[row.int(0)] else { return }
            orders[at].noteAttributes.append(NoteAttribute(key: row.text(1), value: row.text(2)))
        }
    }
}
