/// The store's own key of an order: an integer, for the columnar index, sorts, marks, undo and
/// the database's primary key. People never see or type it: they use the shop's order number
/// (`Order.number`, kept verbatim) and its source. Orders made here get the number `ORD-` and at
/// least seven digits of their key (`description`), which is also the number every order had
/// before numbers were kept apart from keys.
public struct OrderID: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    public let number: Int

    public init(_ number: Int) {
        self.number = number
    }

    /// Parses `ORD-0001234` (any case) or a bare number; nil for anything else. Used where a key
    /// is derived from a local number (`OrderNumber.localKey`), never to read what people type.
    public init?(_ text: String) {
        var digits = Substring(text)
        if digits.uppercased().hasPrefix("ORD-") { digits = digits.dropFirst(4) }
        guard !digits.isEmpty, digits.count <= 18, digits.allSatisfy({ $0.isASCII && $0.isNumber }),
              let number = Int(digits) else { return nil }
        self.number = number
    }

    public var description: String {
        let digits = String(number)
        return "ORD-" + String(repeating: "0", count: max(0, 7 - digits.count)) + digits
    }

    public static func < (lhs: OrderID, rhs: OrderID) -> Bool { lhs.number < rhs.number }

    public init(from decoder: Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let id = OrderID(text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not an order id: \(text)"))
        }
        self = id
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
