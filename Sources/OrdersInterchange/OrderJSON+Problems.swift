import Foundation

/// Turning JSONDecoder's errors into import problems a person can act on.
extension OrderJSON {
    /// "index 3, field items[0].quantity: expected a whole number"
    static func problem(for error: Error, index: Int, file: String) -> ImportProblem {
        func field(_ path: [CodingKey], _ last: CodingKey? = nil) -> String? {
            let keys = (path + (last.map { [$0] } ?? [])).drop { $0.intValue == index && $0.stringValue.hasPrefix("Index") }
            var text = ""
            for key in keys {
                if let position = key.intValue { text += "[\(position)]" } else { text += (text.isEmpty ? "" : ".") + key.stringValue }
            }
            return text.isEmpty ? nil : text
        }
        let at = RecordLocation.index(index)
        switch error {
        case DecodingError.keyNotFound(let key, let context):
            return ImportProblem(file: file, location: at, field: field(context.codingPath, key), problem: "is missing")
        case DecodingError.valueNotFound(_, let context):
            return ImportProblem(file: file, location: at, field: field(context.codingPath), problem: "must not be null")
        case DecodingError.typeMismatch(let type, let context):
            return ImportProblem(file: file, location: at, field: field(context.codingPath), problem: "expected \(describe(type))")
        case DecodingError.dataCorrupted(let context):
            // JSONDecoder's own words here name Swift types; say it in the field's terms.
            let name = context.codingPath.last?.stringValue ?? ""
            let problem = numberFields.contains(name)
                ? "is not a number orders can hold (too large or too precise)" : "has a value that cannot be read"
            return ImportProblem(file: file, location: at, field: field(context.codingPath), problem: problem)
        default:
            return ImportProblem(file: file, location: at, field: nil, problem: "cannot be read as an order")
        }
    }

    /// The members whose values are numbers.
    private static let numberFields: Set<String> = ["quantity", "unit_price", "line_total", "discount", "shipping", "tax", "version", "amount", "stated_total"]

    private static func describe(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "text"
        case is Int.Type: "a whole number"
        case is Decimal.Type: "a number"
        case is Bool.Type: "true or false"
        case is [Any].Type, is [String].Type: "an array"
        default: "an object"
        }
    }
}
