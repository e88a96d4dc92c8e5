import Foundation
@testable import OrdersCore
@testable import OrdersInterchange
import Testing

/// `CSVParser`'s records keep their fields as bytes shared by a piece's records: each field reads
/// back exactly as written (unquoted), whatever the piece sizes, and a field that is not UTF-8 is
/// refused on the line where it ends.
@Suite("CSV records as bytes")
struct CSVRecordTests {
    /// `text` parsed in pieces of `size` bytes (the whole text at once when nil).
    static func records(_ text: [UInt8], pieces size: Int? = nil) throws(CSVSyntaxError) -> [CSVRecord] {
        var parser = CSVParser()
        guard let size else { return try parser.parse(text, isLast: true) }
        var records: [CSVRecord] = []
        var start = 0
        while start < text.count {
            let end = min(start + size, text.count)
            records += try parser.parse(Array(text[start..<end]), isLast: false)
            start = end
        }
        return records + (try parser.parse([], isLast: true))
    }

    static func fields(_ records: [CSVRecord]) -> [[String]] {
        records.map { record in (0..<record.count).map { record.field($0) } }
    }

    @Test(arguments: [nil, 1, 2, 3, 5, 64])
    func everyFieldReadsBackExactly(_ size: Int?) throws {
        let text = "plain,\"quoted, with comma\",\"say \"\"hi\"\"\",,\"\"\r\n"
            + "\"two\nlines\",\"crlf\r\ninside\",  spaced  ,Grüße 東京 😀,\"é\"\n"
            + "last,no newline"
        let records = try Self.records(Array(text.utf8), pieces: size)
        #expect(Self.fields(records) == [
            ["plain", "quoted, with comma", "say \"hi\"", "", ""],
            ["two\nlines", "crlf\r\ninside", "  spaced  ", "Grüße 東京 😀", "é"],
            ["last", "no newline"],
        ])
        #expect(records.map(\.line) == [1, 2, 5])
        #expect(records.map(\.count) == [5, 5, 2])
        #expect(records[1].withBytes(ofField: 3) { Array($0) } == Array("Grüße 東京 😀".utf8))
        #expect(records[0].withBytes(ofField: 3) { $0.count } == 0)
    }

    /// A record made from text equals the same record parsed, and hashes the same.
    @Test func aParsedRecordEqualsTheSameFieldsGivenAsText() throws {
        let records = try Self.records(Array("a,b\n\"x\"\"y\",,z\n".utf8), pieces: 3)
        let made = [CSVRecord(line: 1, fields: ["a", "b"]), CSVRecord(line: 2, fields: ["x\"y", "", "z"])]
        #expect(records == made)
        #expect(Set(records) == Set(made))
        #expect(records[1].fields == ["x\"y", "", "z"])
        #expect(records[1] != CSVRecord(line: 2, fields: ["x\"y", "z", ""]))
        #expect(records[1] != CSVRecord(line: 3, fields: ["x\"y", "", "z"]))
        #expect(CSVRecord(line: 1, fields: ["ab", ""]) != CSVRecord(line: 1, fields: ["a", "b"]))
    }

    /// Blank lines are no records; a quoted empty field alone on a line is none either, as before.
    @Test func blankLinesAreSkipped() throws {
        let records = try Self.records(Array("a\n\n\r\n\"\"\nb,\n".utf8))
        #expect(Self.fields(records) == [["a"], ["b", ""]])
        #expect(records.map(\.line) == [1, 5])
    }

    /// Every piece boundary, even inside a character of several bytes or a record longer than a piece.
    @Test func aRecordSplitAnywhereReadsTheSame() throws {
        let text = Array("Zürich,\"Straße 1\nHof\",€12\n東京,x,\n".utf8)
        let whole = try Self.records(text)
        for size in 1...text.count {
            #expect(try Self.records(text, pieces: size) == whole, "pieces of \(size)")
        }
        #expect(Self.fields(whole) == [["Zürich", "Straße 1\nHof", "€12"], ["東京", "x", ""]])
    }

    /// Invalid UTF-8 is refused on the line where its field ends, even when the two bytes of "é"
    /// (C3 A9) stand in fields of their own (together they would be valid).
    static let invalid: [(String, [UInt8], Int)] = [
        ("a byte no character starts with", Array("a\nb".utf8) + [0xFF] + Array("c\n".utf8), 2),
        ("in a quoted field of two lines", Array("a\n\"x\ny".utf8) + [0xFF] + Array("\"\n".utf8), 3),
        ("a character split by a comma", Array("a\n".utf8) + [0xC3] + Array(",".utf8) + [0xA9] + Array("\n".utf8), 2),
        ("a character cut by the end of the file", Array("a\nb".utf8) + [0xC3], 2),
    ]

    @Test(arguments: invalid.map(\.0))
    func invalidUTF8IsRefusedOnItsLine(_ name: String) throws {
        let (_, bytes, line) = try #require(Self.invalid.first { $0.0 == name })
        for size in [nil, 1, 2] {
            #expect(throws: CSVSyntaxError(line: line, problem: "is not valid UTF-8 text")) {
                _ = try Self.records(bytes, pieces: size)
            }
        }
    }
}
