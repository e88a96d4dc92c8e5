import Foundation
@testable import OrdersCore
@testable import OrdersInterchange
import OrdersTestSupport
import Testing

@Suite("Every ISO 4217 currency with its minor units")
struct CurrencyTableTests {
    static let cases: [(code: String, minorUnits: Int, amount: String, minor: Int64, plain: String, shown: String)] = [
        ("DKK", 2, "1249.95", 124_995, "1249.95", "DKK 1,249.95"),
        ("PLN", 2, "0.5", 50, "0.50", "PLN 0.50"),
        ("BDT", 2, "-12", -1_200, "-12.00", "-BDT 12.00"),
        ("JPY", 0, "31240", 31_240, "31240", "¥31,240"),
        ("KWD", 3, "12.345", 12_345, "12.345", "KWD 12.345"),
        ("CLF", 4, "1.2345", 12_345, "1.2345", "CLF 1.2345"),
        ("IQD", 3, "1000.5", 1_000_500, "1000.500", "IQD 1,000.500"),
    ]

    @Test("minor units, exact conversion both ways, plain text and on screen", arguments: cases.indices)
    func currency(_ index: Int) throws {
        let row = Self.cases[index]
        let currency = try #require(Currency.named(row.code.lowercased()))
        #expect(currency == Currency(code: row.code, minorUnits: row.minorUnits))
        let amount = try #require(Decimal(string: row.amount))
        #expect(currency.minorUnits(of: amount) == row.minor)
        #expect(currency.amount(minorUnits: row.minor) == amount)
        #expect(currency.plainText(amount) == row.plain)
        // ICU puts a no-break space between a code and the number.
        #expect(FormattingTests.formatter("en_US").money(amount, currency).replacingOccurrences(of: "\u{00A0}", with: " ") == row.shown)
    }

    @Test func moreDecimalsThanTheCurrencyHasAreNotRepresentable() throws {
        let kwd = try #require(Currency.named("KWD"))
        #expect(kwd.minorUnits(of: Decimal(string: "1.2345")!) == nil)
        #expect(try #require(Currency.named("JPY")).minorUnits(of: Decimal(string: "0.5")!) == nil)
    }

    @Test("whole minor units read exactly from the decimal's digits", arguments: [
        ("EUR", "12.5", Int64?.some(1250)), ("EUR", "12.500", 1250), ("EUR", "12.505", nil), ("EUR", "-0.01", -1),
        ("EUR", "0", 0), ("JPY", "1200", 1200), ("JPY", "1200.0", 1200), ("KWD", "-1.234", -1234),
        ("CLF", "0.0001", 1), ("EUR", "92233720368547758.06", 9_223_372_036_854_775_806),
        ("EUR", "92233720368547758.07", nil), ("EUR", "1e30", nil), ("EUR", "1e-30", nil),
    ])
    func minorUnitsAreExact(code: String, amount: String, minor: Int64?) throws {
        let currency = try #require(Currency.named(code))
        #expect(currency.minorUnits(of: try #require(Decimal(string: amount))) == minor)
    }

    /// The integer path (the decimal's own mantissa and exponent) gives what reading its digits
    /// as text gives, for amounts as files write them and as arithmetic leaves them.
    @Test func theMantissaPathAgreesWithTheDigits() throws {
        // Foundation's storage is read as NSDecimal's layout; if that ever changes, this says so
        // (the conversion stays exact through the text, only slower).
        #expect(DecimalParts.layoutIsKnown)
        var random = SplitMix64(seed: 20_261_124)
        var amounts: [Decimal] = ["0", "-0", "0.1", "12.50", "9223372036854775807", "-9223372036854775807",
                                  "922337203685477580.7", "18446744073709551615", "18446744073709551616",
                                  "0.000000000000000000000000000001", "1e100", "123456789012345678901234567890"]
            .compactMap { Decimal(string: $0) }
        for _ in 0..<5_000 {
            let digits = Int(random.next() % 1_000_000_000_000)
            let shift = Int(random.next() % 8)
            let value = Decimal(sign: random.next() % 2 == 0 ? .plus : .minus, exponent: -shift, significand: Decimal(digits))
            amounts += [value, value * Decimal(Int(random.next() % 1_000) + 1), value / 7, value + Decimal(string: "0.005")!]
        }
        for code in ["JPY", "EUR", "KWD", "CLF"] {
            let currency = try #require(Currency.named(code))
            for amount in amounts {
                #expect(currency.minorUnits(of: amount) == currency.minorUnitsFromText(of: amount), "\(amount) \(code)")
            }
        }
    }

    @Test func theTableHoldsEachCodeOnceAndOnlyRealCurrencies() {
        let codes = Currency.iso4217MinorUnits.values.flatMap { $0.split(separator: " ") }
        #expect(codes.count == 170)
        #expect(Set(codes).count == codes.count, "a code is listed twice")
        #expect(codes.allSatisfy { $0.count == 3 && $0.allSatisfy { $0.isASCII && $0.isUppercase } })
        #expect(Currency.known.count == 170)
        for notForGoods in ["XAU", "XAG", "XDR", "XTS", "XXX", "XBA"] { #expect(Currency.named(notForGoods) == nil) }
    }

    /// A typo in the table shows up as a disagreement with the platform's CLDR data.
    /// CLDR shows some currencies with fewer decimals than ISO gives them (it rounds
    /// display to what is in practical use); those are listed and must stay the only ones.
    @Test func thePlatformsCurrencyDataAgreesWhereItFollowsISO() {
        let fewerOnScreenInCLDR: Set<String> = ["AFN", "ALL", "COP", "IDR", "IRR", "KPW", "LAK", "LBP", "MGA", "MMK",
                                                "PKR", "RSD", "SLL", "SOS", "SYP", "YER", "IQD"]
        var disagreements: [String] = []
        for currency in Currency.known.values.sorted(by: { $0.code < $1.code }) {
            let text = Decimal(string: "1.23456")!.formatted(.currency(code: currency.code).locale(Locale(identifier: "en_US")))
            let parts = text.split(separator: ".")
            let digits = parts.count > 1 ? parts[parts.count - 1].filter(\.isNumber).count : 0
            let agrees = digits == currency.minorUnits || (fewerOnScreenInCLDR.contains(currency.code) && digits < currency.minorUnits)
            if !agrees { disagreements.append("\(currency.code): ISO \(currency.minorUnits), platform \(digits)") }
        }
        #expect(disagreements == [])
    }
}

@Suite("Orders in any ISO currency come in through import")
struct CurrencyImportTests {
    @Test func kuwaitiDinarsWithThreeDecimalsImportExactly() throws {
        let row = FileFixtures.goodRow.replacingOccurrences(of: ",EUR,", with: ",KWD,")
            .replacingOccurrences(of: ",4.99,1.00,", with: ",1.250,0.125,").replacingOccurrences(of: ",99.50", with: ",12.345")
        let orders = try OrderCSV.decode(FileFixtures.csv(row), fileName: "kw.csv")
        let order = try #require(orders.first)
        #expect(order.currency == Currency(code: "KWD", minorUnits: 3))
        #expect(order.items.map(\.unitPrice) == [Decimal(string: "12.345")!])
        #expect(order.total == Decimal(string: "13.720")!)
    }
}
