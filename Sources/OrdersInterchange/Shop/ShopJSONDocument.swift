import Foundation

/// A shop's JSON file decoded whole, or the reason it cannot be: not UTF-8 (with the byte), not
/// JSON (with the line and column), or no JSON value. The first step of every JSON reader
/// (Shopify's, WooCommerce's), so a broken file reads the same whatever the shop.
enum ShopJSONDocument {
    static func decode(_ bytes: [UInt8], file: String) throws(ImportError) -> JSONValue {
        func fail(_ location: RecordLocation, _ problem: String) -> ImportError {
            ImportError(problems: [ImportProblem(file: file, location: location, field: nil, problem: problem)])
        }
        let text = try utf8Text(bytes, file: file)
        if let failure = JSONSyntaxCheck.firstError(in: text) {
            throw fail(.position(line: failure.line, column: failure.column), failure.message)
        }
        do {
            return try JSONDecoder().decode(JSONValue.self, from: Data(text))
        } catch {
            throw fail(.file, "is not valid JSON")
        }
    }

    /// The file's bytes as UTF-8 text without a byte-order mark, or the first byte that is not
    /// UTF-8: the first step of every JSON reader, JSON Lines included.
    static func utf8Text(_ bytes: [UInt8], file: String) throws(ImportError) -> [UInt8] {
        if let bad = UTF8Check.firstInvalidByte(in: bytes) {
            throw ImportError(problems: [ImportProblem(file: file, location: .byte(offset: bad.offset, line: bad.line), field: nil,
                                                       problem: "is not valid UTF-8 text from here on")])
        }
        return bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
    }
}
