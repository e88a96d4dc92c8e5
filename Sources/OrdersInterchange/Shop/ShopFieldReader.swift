import Foundation
import OrdersCore

/// Reads the fields of one record of a shop file by column name, turning each into a value or
/// a problem that names the file, the line and the column. Every shop reader goes through it, so
/// a wrong number or date reads the same whatever the format. A field becomes a `String` only
/// when its column is read (`CSVRecord`), and a blank one not even then.
struct ShopFieldReader {
    let file: String
    let location: RecordLocation
    private let record: CSVRecord
    private let columns: [String: Int]
    private(set) var problems: [ImportProblem] = []

    /// The fields of a CSV record, its problems placed on the line it starts on.
    init(file: String, record: CSVRecord, columns: [String: Int]) {
        self.file = file
        self.location = .line(record.line)
        self.record = record
        self.columns = columns
    }

    /// Fields given as text (none, for the JSON readers, which use only the conversions).
    init(file: String, location: RecordLocation, fields: [String], columns: [String: Int]) {
        self.file = file
        self.location = location
        self.record = CSVRecord(line: 0, fields: fields)
        self.columns = columns
    }

    /// The column's text as written (line breaks kept), nil when the column is absent or blank.
    func text(_ column: some ShopColumnReference) -> String? {
        guard let index = column.position(in: columns), index < record.count else { return nil }
        return record.withBytes(ofField: index) { bytes in
            Self.isBlank(bytes) ? nil : String(decoding: bytes, as: UTF8.self)
        }
    }

    /// Whether UTF-8 `bytes` are empty or only white space: the ASCII ones answer at once, and
    /// only text with other bytes asks Unicode's White_Space property.
    static func isBlank(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        for byte in bytes {
            if byte >= 0x80 { return String(decoding: bytes, as: UTF8.self).unicodeScalars.allSatisfy(\.properties.isWhitespace) }
            if !isASCIIWhitespace(byte) { return false }
        }
        return true
    }

    /// The ASCII bytes of Unicode's White_Space: tab, line feed, vertical tab, form feed, carriage return, space.
    static func isASCIIWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (0x09...0x0D).contains(byte)
    }

    /// The column's text on one line, trimmed (`trimmed`); nil when blank.
    func word(_ column: some ShopColumnReference) -> String? {
        guard let index = column.position(in: columns), index < record.count else { return nil }
        return record.withBytes(ofField: index) { bytes in
            // Most fields begin and end with an ASCII byte that is not white space: nothing to trim.
            if let first = bytes.first, let last = bytes.last, first < 0x80, last < 0x80,
               !Self.isASCIIWhitespace(first), !Self.isASCIIWhitespace(last) {
                return String(decoding: bytes, as: UTF8.self)
            }
            return Self.isBlank(bytes) ? nil : Self.trimmed(String(decoding: bytes, as: UTF8.self))
        }
    }

    /// `text` without white space at either end: Unicode's White_Space, the characters
    /// `CharacterSet.whitespacesAndNewlines` holds, found without Foundation's NSString bridge,
    /// which took half the time of importing an order of 100,000 lines (every line's every column).
    static func trimmed(_ text: String) -> String {
        // Most fields begin and end with an ASCII byte that is not white space: nothing to trim.
        let utf8 = text.utf8
        guard let firstByte = utf8.first, let lastByte = utf8.last else { return text }
        if firstByte < 0x80, lastByte < 0x80, !isASCIIWhitespace(firstByte), !isASCIIWhitespace(lastByte) { return text }
        let scalars = text.unicodeScalars
        guard let first = scalars.first, let last = scalars.last else { return text }
        if !first.properties.isWhitespace, !last.properties.isWhitespace { return text }
        guard let start = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let end = scalars.lastIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        return String(Substring(scalars[start...end]))
    }

    mutating func problem(_ column: String?, _ text: String) {
        problems.append(ImportProblem(file: file, location: location, field: column, problem: text))
    }

    /// A required value: a problem when blank.
    mutating func required(_ column: some ShopColumnReference) -> String? {
        guard let value = word(column) else {
            problem(column.columnName, "is empty; every order needs it")
            return nil
        }
        return value
    }

    /// An exact amount of money: plain decimal digits, within `MoneyLimits`.
    mutating func money(_ column: some ShopColumnReference) -> Decimal? {
        guard let written = word(column) else { return nil }
        return money(written, column: column.columnName)
    }

    mutating func money(_ written: String, column: String) -> Decimal? {
        guard let amount = PlainDecimal.parse(written) else {
            // Too many digits to read is a size problem, not a form problem: say which.
            let digits = written.filter(\.isNumber)
            problem(column, written.allSatisfy({ $0.isNumber || $0 == "." || $0 == "-" }) && digits.count > 13
                ? MoneyLimits.tooLarge(written: written)
                : "\"\(written)\" is not an amount (expected digits with an optional point, like 403.70)")
            return nil
        }
        guard MoneyLimits.isWithinRange(amount) else {
            problem(column, MoneyLimits.tooLarge(amount))
            return nil
        }
        return amount
    }

    /// A whole count (a quantity), within `MoneyLimits`.
    mutating func count(_ column: some ShopColumnReference) -> Int? {
        guard let written = word(column) else { return nil }
        return count(written, column: column.columnName)
    }

    mutating func count(_ written: String, column: String) -> Int? {
        guard written.allSatisfy(\.isASCII), written.allSatisfy(\.isNumber) else {
            problem(column, "\"\(written)\" is not a whole number of items")
            return nil
        }
        guard written.count <= 7, let value = Int(written), value <= MoneyLimits.maximumQuantity else {
            problem(column, MoneyLimits.quantityTooLarge(written: written))
            return nil
        }
        return value
    }

    /// A date and time as the shop writes it, in `zone` when the text has no offset of its own.
    mutating func date(_ column: some ShopColumnReference, zone: TimeZone? = nil) -> Date? {
        guard let written = word(column) else { return nil }
        return date(written, column: column.columnName, zone: zone)
    }

    mutating func date(_ written: String, column: String, zone: TimeZone?) -> Date? {
        switch ShopDate.parse(written, zone: zone) {
        case .success(let date): return date
        case .failure(let refusal):
            problem(column, refusal.description)
            return nil
        }
    }

    /// `true`/`false` (any case), also `yes`/`no` and `1`/`0` as spreadsheets write them.
    mutating func flag(_ column: some ShopColumnReference) -> Bool? {
        guard let written = word(column) else { return nil }
        switch written.lowercased() {
        case "true", "yes", "1": return true
        case "false", "no", "0": return false
        default:
            problem(column.columnName, "\"\(written)\" is neither true nor false")
            return nil
        }
    }
}

extension ShopFieldReader {
    /// Column name → position, for a header; a name written twice keeps its first column.
    static func columns(of header: [String]) -> [String: Int] {
        var columns: [String: Int] = [:]
        for (index, name) in header.enumerated() {
            let trimmed = name.trimmingCharacters(in: .whitespaces)
            if columns[trimmed] == nil { columns[trimmed] = index }
        }
        return columns
    }
}
