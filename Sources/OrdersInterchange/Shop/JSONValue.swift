import Foundation

/// Any JSON value, decoded without loss: numbers keep their exact digits (as `Decimal`), so a
/// 14-digit id or an amount is read as written. For formats whose shape is the shop's, not ours.
package enum JSONValue: Decodable, Hashable {
    case null
    case bool(Bool)
    case number(Decimal)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    package init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode(Decimal.self) {
            self = .number(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    package subscript(key: String) -> JSONValue? {
        if case .object(let members) = self { members[key] } else { nil }
    }

    package var objects: [JSONValue] {
        if case .array(let values) = self { values.filter { if case .object = $0 { true } else { false } } } else { [] }
    }

    /// Strings as written and numbers in plain digits (ids, quantities); nil for null, empty and the rest.
    package var text: String? {
        switch self {
        case .string(let text): text.isEmpty ? nil : text
        case .number(let number): "\(number)"
        default: nil
        }
    }

    package var bool: Bool? {
        if case .bool(let value) = self { value } else { nil }
    }
}
