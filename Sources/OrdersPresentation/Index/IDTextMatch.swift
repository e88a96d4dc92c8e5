import OrdersCore

/// Whether a folded needle occurs in an order id's text ("ord-" + at least seven
/// digits), decided from the number alone, so ids need no text in the index.
///
/// A needle inside "ord-" matches every id; one that starts inside "ord-" and
/// continues with digits needs the digits to start with those; one made only of
/// digits needs them anywhere in the zero-padded number. Anything else cannot occur.
struct IDTextMatch: Sendable, Equatable {
    enum Rule: Sendable, Equatable {
        case everyID
        case noID
        /// The padded digits start with this number of `length` digits.
        case digitsPrefix(Int64, length: Int)
        /// The padded digits contain this number of `length` digits.
        case digitsSubstring(Int64, length: Int)
        /// Too long to decide with integers: compare the id text itself.
        case compareText
    }

    let rule: Rule
    /// The folded needle, for ids the integer rules do not cover (negative numbers).
    let needle: String

    private static let prefix = Array("ord-".utf8)
    static let minimumDigits = 7
    private static let powers: [Int64] = (0...18).map { exponent in (0..<exponent).reduce(Int64(1)) { value, _ in value * 10 } }

    init(needle: [UInt8]) {
        self.needle = String(decoding: needle, as: UTF8.self)
        self.rule = Self.rule(for: needle)
    }

    private static func rule(for needle: [UInt8]) -> Rule {
        let prefix = Self.prefix
        if needle.isEmpty || (0...max(0, prefix.count - needle.count)).contains(where: { start in
            needle.count <= prefix.count && prefix[start..<start + needle.count].elementsEqual(needle)
        }) {
            return .everyID
        }
        // How much of the needle can be the end of "ord-": at most one split works,
        // because the suffixes of "ord-" start with different characters.
        var split = 0
        for length in stride(from: min(prefix.count, needle.count - 1), through: 1, by: -1)
        where prefix.suffix(length).elementsEqual(needle.prefix(length)) {
            split = length
            break
        }
        let digits = needle.dropFirst(split)
        guard !digits.isEmpty, digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else {
            return .noID
        }
        guard digits.count <= 18 else {
            return .compareText
        }
        let value = digits.reduce(Int64(0)) { $0 * 10 + Int64($1 - 0x30) }
        return split > 0 ? .digitsPrefix(value, length: digits.count) : .digitsSubstring(value, length: digits.count)
    }

    /// Whether the text of the order id with this number contains the needle.
    @inline(__always)
    func matches(_ number: Int64) -> Bool {
        if number < 0, rule != .everyID { return textMatches(number) }
        switch rule {
        case .everyID: return true
        case .noID: return false
        case .compareText: return textMatches(number)
        case .digitsPrefix(let value, let length):
            let width = Self.width(number)
            guard length <= width else { return false }
            return number / Self.powers[width - length] == value
        case .digitsSubstring(let value, let length):
            let width = Self.width(number)
            guard length <= width else { return false }
            let modulus = Self.powers[length]
            var shifted = number
            for _ in 0...(width - length) {
                if shifted % modulus == value { return true }
                shifted /= 10
            }
            return false
        }
    }

    private func textMatches(_ number: Int64) -> Bool {
        SearchFolding.fold(OrderID(Int(number)).description).contains(needle)
    }

    /// Digits in the id text: the number's digits, padded to seven.
    @inline(__always)
    private static func width(_ number: Int64) -> Int {
        var digits = 1
        while digits < 19, number >= powers[min(digits, 18)] { digits += 1 }
        return max(digits, minimumDigits)
    }
}
