/// Finds where a JSON text stops being valid, for a message a person can act on
/// (JSONDecoder only says "not valid JSON").
enum JSONSyntaxCheck {
    struct Failure: Error, Equatable {
        var line: Int
        var column: Int
        var problem: String
        /// False for valid JSON that orders still cannot read (a number beyond `Decimal`).
        var isSyntax = true

        /// What is wrong, as the end of a sentence about the file.
        var message: String { isSyntax ? "is not valid JSON: \(problem)" : problem }
    }

    static func firstError(in bytes: [UInt8]) -> Failure? {
        var scanner = Scanner(bytes: bytes)
        do throws(Failure) {
            scanner.skipWhitespace()
            try scanner.value(depth: 0)
            scanner.skipWhitespace()
            if !scanner.atEnd { throw scanner.failure("unexpected text after the end") }
            return nil
        } catch {
            return error
        }
    }

    private struct Scanner {
        /// The most significant digits, and the largest exponent, a number may have.
        static let maximumDigits = 38

        let bytes: [UInt8]
        var index = 0
        var line = 1
        var lineStart = 0

        var atEnd: Bool { index >= bytes.count }

        /// Columns count characters, as editors show them, not bytes.
        func failure(_ problem: String) -> Failure {
            let column = bytes[lineStart..<min(index, bytes.count)].reduce(1) { $1 & 0xC0 == 0x80 ? $0 : $0 + 1 }
            return Failure(line: line, column: column, problem: atEnd ? "the file ends too early" : problem)
        }

        mutating func skipWhitespace() {
            while !atEnd, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) {
                if bytes[index] == 0x0A { line += 1; lineStart = index + 1 }
                index += 1
            }
        }

        mutating func expect(_ byte: UInt8, _ what: String) throws(Failure) {
            skipWhitespace()
            guard !atEnd, bytes[index] == byte else { throw failure("expected \(what)") }
            index += 1
        }

        mutating func value(depth: Int) throws(Failure) {
            guard depth < 512 else { throw failure("nesting is too deep") }
            skipWhitespace()
            guard !atEnd else { throw failure("expected a value") }
            switch bytes[index] {
            case UInt8(ascii: "{"):
                index += 1
                skipWhitespace()
                if !atEnd, bytes[index] == UInt8(ascii: "}") { index += 1; return }
                while true {
                    skipWhitespace()
                    guard !atEnd, bytes[index] == UInt8(ascii: "\"") else { throw failure("expected a quoted key") }
                    try string()
                    try expect(UInt8(ascii: ":"), "a colon after the key")
                    try value(depth: depth + 1)
                    skipWhitespace()
                    guard !atEnd else { throw failure("") }
                    if bytes[index] == UInt8(ascii: ",") { index += 1; try noTrailingComma(before: "}"); continue }
                    if bytes[index] == UInt8(ascii: "}") { index += 1; return }
                    throw failure("expected a comma or }")
                }
            case UInt8(ascii: "["):
                index += 1
                skipWhitespace()
                if !atEnd, bytes[index] == UInt8(ascii: "]") { index += 1; return }
                while true {
                    try value(depth: depth + 1)
                    skipWhitespace()
                    guard !atEnd else { throw failure("") }
                    if bytes[index] == UInt8(ascii: ",") { index += 1; try noTrailingComma(before: "]"); continue }
                    if bytes[index] == UInt8(ascii: "]") { index += 1; return }
                    throw failure("expected a comma or ]")
                }
            case UInt8(ascii: "\""):
                try string()
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                try number()
            default:
                for word in ["true", "false", "null"] where bytes[index...].starts(with: word.utf8) {
                    index += word.utf8.count
                    return
                }
                throw failure("expected a value")
            }
        }

        /// After a comma: JSON allows no comma right before the closing bracket.
        mutating func noTrailingComma(before close: Character) throws(Failure) {
            skipWhitespace()
            if !atEnd, bytes[index] == close.asciiValue {
                throw failure("a comma before \(close) (JSON allows no trailing comma: remove it)")
            }
        }

        /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`, as RFC 8259 has it.
        mutating func number() throws(Failure) {
            func digits() -> Int {
                let start = index
                while !atEnd, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
                return index - start
            }
            let start = index
            if bytes[index] == UInt8(ascii: "-") { index += 1 }
            let firstDigit = index
            let whole = digits()
            guard whole > 0 else { throw failure("expected a number") }
            if whole > 1, bytes[firstDigit] == UInt8(ascii: "0") {
                index = firstDigit
                throw failure("a number with a leading zero")
            }
            var fraction = 0
            if !atEnd, bytes[index] == UInt8(ascii: ".") {
                index += 1
                fraction = digits()
                guard fraction > 0 else { throw failure("a number with no digits after its decimal point") }
            }
            var exponent = 0
            if !atEnd, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
                index += 1
                var sign = 1
                if !atEnd, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                    sign = bytes[index] == UInt8(ascii: "-") ? -1 : 1
                    index += 1
                }
                let exponentStart = index
                guard digits() > 0 else { throw failure("a number with no digits in its exponent") }
                let text = bytes[exponentStart..<index].prefix(4).reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
                exponent = sign * text
            }
            if !atEnd, "+-.eE0123456789".utf8.contains(bytes[index]) {
                index = start
                throw failure("a malformed number")
            }
            // Decimal keeps 38 digits and exponents to about ±128; JSONDecoder's refusal of more names no field.
            if whole + fraction > Self.maximumDigits || abs(exponent) > Self.maximumDigits {
                let end = index
                index = start
                var refusal = failure("has a number orders cannot hold (\(String(decoding: bytes[start..<end].prefix(50), as: UTF8.self))): "
                                      + "more than \(Self.maximumDigits) digits or too large an exponent")
                refusal.isSyntax = false
                throw refusal
            }
        }

        /// The value of four hex digits.
        func hexValue(_ digits: some Collection<UInt8>) -> Int {
            digits.reduce(0) { $0 * 16 + Int(Character(Unicode.Scalar($1)).hexDigitValue ?? 0) }
        }

        mutating func string() throws(Failure) {
            index += 1 // opening quote
            while !atEnd {
                switch bytes[index] {
                case UInt8(ascii: "\""): index += 1; return
                case UInt8(ascii: "\\"):
                    index += 1
                    guard !atEnd else { break }
                    if bytes[index] == UInt8(ascii: "u") {
                        let hex = bytes[(index + 1)...].prefix(4)
                        guard hex.count == 4, hex.allSatisfy({ Character(Unicode.Scalar($0)).isHexDigit }) else {
                            throw failure("a \\u escape without four hex digits in a string")
                        }
                        // Half of a character written as a UTF-16 pair: the high half must be followed
                        // by its low half, and a low half cannot stand alone (JSONDecoder refuses both).
                        let unit = hexValue(hex)
                        if (0xDC00...0xDFFF).contains(unit) {
                            index -= 1 // the column of the escape's backslash
                            throw failure("a lone low surrogate \\u\(String(decoding: hex, as: UTF8.self)) in a string (half of a character)")
                        }
                        index += 5
                        if (0xD800...0xDBFF).contains(unit) {
                            let next = bytes[index...].prefix(6)
                            let low = next.count == 6 && next.starts(with: "\\u".utf8)
                                && next.dropFirst(2).allSatisfy({ Character(Unicode.Scalar($0)).isHexDigit })
                                ? hexValue(next.dropFirst(2)) : nil
                            guard let low, (0xDC00...0xDFFF).contains(low) else {
                                index -= 6
                                throw failure("a lone high surrogate \\u\(String(decoding: hex, as: UTF8.self)) in a string "
                                              + "(half of a character, without its low half)")
                            }
                            index += 6
                        }
                    } else {
                        guard "\"\\/bfnrt".utf8.contains(bytes[index]) else {
                            throw failure("an unknown escape \\\(Character(Unicode.Scalar(bytes[index]))) in a string")
                        }
                        index += 1
                    }
                case 0x00..<0x20: throw failure("a raw control character inside a string (write it as \\n, \\t or \\u00XX)")
                default: index += 1
                }
            }
            throw failure("")
        }
    }
}
