import Foundation

/// An ISO 4217 currency and how many minor units (decimal places) its amounts carry.
public struct Currency: Hashable, Sendable, Codable, CustomStringConvertible {
    public let code: String
    public let minorUnits: Int

    public init(code: String, minorUnits: Int) {
        self.code = code
        self.minorUnits = minorUnits
    }

    /// The currencies this build knows (ISO 4217, see `iso4217MinorUnits`), keyed by code.
    public static let known: [String: Currency] = Dictionary(uniqueKeysWithValues: iso4217MinorUnits.flatMap { minorUnits, codes in
        codes.split(separator: " ").map { (String($0), Currency(code: String($0), minorUnits: minorUnits)) }
    })

    /// The known currency for an ISO code (any case), or nil.
    public static func named(_ code: String) -> Currency? {
        known[code.uppercased()]
    }

    public static let usd = Currency(code: "USD", minorUnits: 2)
    public static let eur = Currency(code: "EUR", minorUnits: 2)
    public static let gbp = Currency(code: "GBP", minorUnits: 2)
    public static let jpy = Currency(code: "JPY", minorUnits: 0)

    /// Rounds an amount to this currency's minor units (banker's rounding, as accounting does).
    public func rounded(_ amount: Decimal) -> Decimal {
        var value = amount
        var result = Decimal()
        NSDecimalRound(&result, &value, minorUnits, .bankers)
        return result
    }

    /// Whether an amount has no more decimal places than this currency allows.
    public func isRepresentable(_ amount: Decimal) -> Bool {
        rounded(amount) == amount
    }

    public var description: String { code }

    // Encoded as the bare ISO code; the minor units follow from it.
    public init(from decoder: Decoder) throws {
        let code = try decoder.singleValueContainer().decode(String.self)
        guard let currency = Currency.named(code) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "unknown currency \(code)"))
        }
        self = currency
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(code)
    }
}
