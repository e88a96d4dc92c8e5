/// A CSV record and the line of the file it starts on (1-based).
public struct CSVRecord: Hashable, Sendable {
    public var line: Int
    public var fields: [String]
}

/// Why a CSV file could not be read, and on which line.
public struct CSVSyntaxError: Error, Hashable, Sendable {
    public var line: Int
    public var problem: String
}

/// An RFC 4180 CSV reader: comma-separated, fields optionally in double quotes,
/// `""` for a quote inside quotes, quoted fields may hold commas and line breaks.
/// Accepts LF or CRLF line ends and a UTF-8 byte-order mark; rejects invalid UTF-8.
public enum CSVReader {
    /// Longest field accepted: guards against a runaway quote swallowing the file.
    public static let maximumFieldBytes = 1 << 20

    public static func records(in bytes: [UInt8]) throws(CSVSyntaxError) -> [CSVRecord] {
        var index = 0
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        var records: [CSVRecord] = []
        var fields: [String] = []
        var field: [UInt8] = []
        var line = 1
        var recordLine = 1
        var inQuotes = false
        var quotedFieldStartLine = 1
        var fieldWasQuoted = false

        func finishField() throws(CSVSyntaxError) {
            guard let text = String(validating: field, as: UTF8.self) else {
                throw CSVSyntaxError(line: line, problem: "is not valid UTF-8 text")
            }
            fields.append(text)
            field.removeAll(keepingCapacity: true)
            fieldWasQuoted = false
        }
        func finishRecord() throws(CSVSyntaxError) {
            try finishField()
            // A blank line is not a record (and a trailing newline ends the file).
            if !(fields.count == 1 && fields[0].isEmpty) {
                records.append(CSVRecord(line: recordLine, fields: fields))
            }
            fields.removeAll(keepingCapacity: true)
        }

        while index < bytes.count {
            let byte = bytes[index]
            if inQuotes {
                if byte == UInt8(ascii: "\"") {
                    if index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "\"") {
                        field.append(byte)
                        index += 2
                        continue
                    }
                    inQuotes = false
                    // After a closing quote only a separator or line end may follow.
                    let next = index + 1 < bytes.count ? bytes[index + 1] : UInt8(ascii: "\n")
                    if next != UInt8(ascii: ",") && next != UInt8(ascii: "\n") && next != UInt8(ascii: "\r") {
                        throw CSVSyntaxError(line: line, problem: "has text after a closing quote (a quote inside a quoted field must be doubled)")
                    }
                } else {
                    if byte == UInt8(ascii: "\n") { line += 1 }
                    field.append(byte)
                }
            } else {
                switch byte {
                case UInt8(ascii: ","):
                    try finishField()
                case UInt8(ascii: "\r") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "\n"):
                    break // the LF that follows ends the record
                case UInt8(ascii: "\n"):
                    try finishRecord()
                    line += 1
                    recordLine = line
                case UInt8(ascii: "\""):
                    guard field.isEmpty, !fieldWasQuoted else {
                        throw CSVSyntaxError(line: line, problem: "has a quote inside an unquoted field (quote the whole field and double the quote)")
                    }
                    inQuotes = true
                    fieldWasQuoted = true
                    quotedFieldStartLine = line
                default:
                    field.append(byte)
                }
            }
            if field.count > maximumFieldBytes {
                throw CSVSyntaxError(line: inQuotes ? quotedFieldStartLine : line,
                                     problem: "has a field longer than \(maximumFieldBytes / 1024) KiB")
            }
            index += 1
        }
        if inQuotes {
            throw CSVSyntaxError(line: quotedFieldStartLine, problem: "has a quoted field that is never closed")
        }
        if !field.isEmpty || !fields.isEmpty || fieldWasQuoted { try finishRecord() }
        return records
    }
}
