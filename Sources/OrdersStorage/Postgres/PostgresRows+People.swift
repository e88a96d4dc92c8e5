import Foundation
import OrdersCore

extension PostgresRows {
    /// The address, tracking number and note attribute rows of one order.
    static func peopleChildRows(of order: Order, into children: inout [ChildTable: [[String?]]]) {
        let id = String(order.id.number)
        children[addresses] = [("shipping", order.shippingAddress), ("billing", order.billingAddress)].compactMap { kind, address in
            address.map { address -> [String?] in
                [id, kind, address.name, address.company, address.lines.joined(separator: "\n"), address.city,
                 address.postcode, address.region, address.country, address.phone]
            }
        }
        children[trackingNumbers] = order.trackingNumbers.enumerated().map { position, number -> [String?] in
            [id, String(position), number]
        }
        children[noteAttributes] = order.noteAttributes.enumerated().map { position, attribute -> [String?] in
            [id, String(position), attribute.key, attribute.value]
        }
    }

    /// Reads the addresses, tracking numbers and note attributes of the orders in `index` (id → position).
    static func loadPeopleRows(of orders: inout [Order], index: [Int: Int], ids: [String?],
                               from connection: PostgresConnection) throws {
        for row in try connection.execute("""
            SELECT order_id, kind, name, company, lines, city, postcode, region, country, phone FROM addresses
            WHERE order_id = ANY($1::bigint[]) ORDER BY order_id, kind
            """, ids).rows.map(PostgresRow.init) {
            guard let at = index[try row.int(0)] else { continue }
            let lines = row.text(4)
            let address = PostalAddress(
                name: row.optionalText(2), company: row.optionalText(3),
                lines: lines.isEmpty ? [] : lines.split(separator: "\n", omittingEmptySubsequences: false).map(String.init),
                city: row.optionalText(5), postcode: row.optionalText(6), region: row.optionalText(7),
                country: row.optionalText(8), phone: row.optionalText(9))
            if row.text(1) == "shipping" { orders[at].shippingAddress = address } else { orders[at].billingAddress = address }
        }
        for row in try connection.execute("""
            SELECT order_id, number FROM tracking_numbers WHERE order_id = ANY($1::bigint[]) ORDER BY order_id, position
            """, ids).rows.map(PostgresRow.init) {
            guard let at = index[try row.int(0)] else { continue }
            orders[at].trackingNumbers.append(row.text(1))
        }
        for row in try connection.execute("""
            SELECT order_id, key, value FROM note_attributes WHERE order_id = ANY($1::bigint[]) ORDER BY order_id, position
            """, ids).rows.map(PostgresRow.init) {
            guard let at = index[try row.int(0)] else { continue }
            orders[at].noteAttributes.append(NoteAttribute(key: row.text(1), value: row.text(2)))
        }
    }
}
