/// The RFC 4180 reading of `CSVReader`, fed a file in pieces: each `parse` returns the records
/// completed so far and keeps the unfinished one, so a file of any size is read with one piece
/// and one record in memory. A piece may end anywhere, even inside a field or between the two
/// bytes of `""` or CR LF: a byte whose meaning depends on the next is kept for the next piece.
public struct CSVParser {
    private var fields: [String] = []
    private var field: [UInt8] = []
    private var line = 1
    private var recordLine = 1
    private var inQuotes = false
    private var quotedFieldStartLine = 1
    private var fieldWasQuoted = false
    private var atStart = true
    /// The last byte(s) of the previous piece, waiting for the byte that follows them.
    private var carried: [UInt8] = []
    /// The byte between fields: a comma (RFC 4180), or a semicolon or tab (`CSVDelimiter`).
    private let separator: UInt8
    /// Whether double quotes enclose fields. Tab-separated text has no quoting (a quote is text).
    private let quoting: Bool

    public init(delimiter: CSVDelimiter = .comma) {
        separator = delimiter.byte
        quoting = delimiter != .tab
    }

    /// The records that end in `piece`. `isLast` ends the file: an unfinished record is
    /// finished (or a quote left open refused).
    public mutating func parse(_ piece: [UInt8], isLast: Bool) throws(CSVSyntaxError) -> [CSVRecord] {
        var bytes = piece
        if !carried.isEmpty {
            bytes = carried + piece
            carried = []
        }
        var index = 0
        if atStart {
            // A byte-order mark may only start the file; wait until three bytes are there to tell.
            if bytes.count < 3 && !isLast {
                carried = bytes
                return []
            }
            atStart = false
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        }
        var records: [CSVRecord] = []

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
            // A quote or CR at the end of a piece means something only with the byte after it.
            if !isLast, index + 1 == bytes.count, (quoting && byte == UInt8(ascii: "\"")) || byte == UInt8(ascii: "\r") {
                carried = [byte]
                break
            }
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
                    if next != separator && next != UInt8(ascii: "\n") && next != UInt8(ascii: "\r") {
                        throw CSVSyntaxError(line: line, problem: "has text after a closing quote (a quote inside a quoted field must be doubled)")
                    }
                } else {
                    if byte == UInt8(ascii: "\n") { line += 1 }
                    field.append(byte)
                }
            } else {
                switch byte {
                case separator:
                    try finishField()
                case UInt8(ascii: "\r") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "\n"):
                    break // the LF that follows ends the record
                case UInt8(ascii: "\n"):
                    try finishRecord()
                    line += 1
                    recordLine = line
                case UInt8(ascii: "\"") where quoting:
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
            if field.count > CSVReader.maximumFieldBytes {
                throw CSVSyntaxError(line: inQuotes ? quotedFieldStartLine : line,
                                     problem: "has a field longer than \(CSVReader.maximumFieldBytes / 1024) KiB")
            }
            index += 1
        }
        guard isLast else { return records }
        if inQuotes {
            throw CSVSyntaxError(line: quotedFieldStartLine, problem: "has a quoted field that is never closed")
        }
        if !field.isEmpty || !fields.isEmpty || fieldWasQuoted { try finishRecord() }
        return records
    }
}
