/// Why a CSV file could not be read, and on which line.
public struct CSVSyntaxError: Error, Hashable, Sendable {
    public var line: Int
    public var problem: String
}

/// What separates the fields of a CSV file: RFC 4180's comma, the semicolon spreadsheets write
/// where the comma is the decimal separator, or the tab of tab-separated reports (Amazon's flat
/// files), which quote nothing: there a double quote is part of the text.
public enum CSVDelimiter: String, CaseIterable, Hashable, Sendable {
    case comma, semicolon, tab

    var byte: UInt8 {
        switch self {
        case .comma: UInt8(ascii: ",")
        case .semicolon: UInt8(ascii: ";")
        case .tab: 0x09
        }
    }
}

/// An RFC 4180 CSV reader: comma-separated, fields optionally in double quotes,
/// `""` for a quote inside quotes, quoted fields may hold commas and line breaks.
/// Accepts LF or CRLF line ends and a UTF-8 byte-order mark; rejects invalid UTF-8.
public enum CSVReader {
    /// Longest field accepted: guards against a runaway quote swallowing the file.
    public static let maximumFieldBytes = 1 << 20

    public static func records(in bytes: [UInt8], delimiter: CSVDelimiter = .comma) throws(CSVSyntaxError) -> [CSVRecord] {
        var parser = CSVParser(delimiter: delimiter)
        return try parser.parse(bytes, isLast: true)
    }
}
