/// Finds where a JSON text stops being valid, for a message a person can act on
/// (JSONDecoder only says "not valid JSON").
enum JSONSyntaxCheck {
    struct Failure: Error, Equatable {
        var line: Int
        var column: Int
        var problem: String

        var description: String { "\(problem) at line \(line), column \(column)" }
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
        let bytes: [UInt8]
        var index = 0
        var line = 1
        var lineStart = 0

        var atEnd: Bool { index >= bytes.count }

        func failure(_ problem: String) -> Failure {
            Failure(line: line, column: index - lineStart + 1, problem: atEnd ? "the file ends too early" : problem)
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
                    if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
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
                    if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                    if bytes[index] == UInt8(ascii: "]") { index += 1; return }
                    throw failure("expected a comma or ]")
                }
            case UInt8(ascii: "\""):
                try string()
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                let start = index
                while !atEnd, "+-.eE0123456789".utf8.contains(bytes[index]) { index += 1 }
                if index == start + 1 && bytes[start] == UInt8(ascii: "-") { throw failure("expected a number") }
            default:
                for word in ["true", "false", "null"] where bytes[index...].starts(with: word.utf8) {
                    index += word.utf8.count
                    return
                }
                throw failure("expected a value")
            }
        }

        mutating func string() throws(Failure) {
            index += 1 // opening quote
            while !atEnd {
                switch bytes[index] {
                case UInt8(ascii: "\""): index += 1; return
                case UInt8(ascii: "\\"): index += 2
                case 0x00..<0x20: throw failure("a raw control character inside a string")
                default: index += 1
                }
            }
            throw failure("")
        }
    }
}
