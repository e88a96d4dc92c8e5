import Foundation
import OrdersCore

/// An amount in an import file's JSON: a decimal string ("403.70", as exports write money, so no
/// reader turns it into a float) or a JSON number (as older exports and hand-written files have it).
struct JSONMoney: Decodable, Hashable {
    var value: Decimal

    init(_ value: Decimal) {
        self.value = value
    }

    init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let text = try? container.decode(String.self) {
            // Reported like any other non-number ("expected a number"), naming the field.
            guard let value = PlainDecimal.parse(text) else {
                throw DecodingError.typeMismatch(Decimal.self, .init(codingPath: decoder.codingPath, debugDescription: "not a plain decimal"))
            }
            self.value = value
        } else {
            value = try container.decode(Decimal.self)
        }
    }
}
