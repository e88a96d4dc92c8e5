/// The RFC 4180 reading of `CSVReader`, fed a file in pieces: each `parse` returns the records
/// completed so far and keeps the unfinished one, so a file of any size is read with one piece
/// and one record in memory. A piece may end anywhere, even inside a field or between the two
/// bytes of `""` or CR LF: a byte whose meaning depends on the next is kept for the next piece.
///
/// The bytes are read as bytes: a run of ordinary bytes is found in one scan of the piece and
/// copied at once (a file's bytes are mostly such runs), and a field becomes a `String` only
/// when it ends, an empty one without a look at UTF-8.
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

    private static let quote = UInt8(ascii: "\"")
    private static let carriageReturn = UInt8(ascii: "\r")
    private static let lineFeed = UInt8(ascii: "\n")

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
        let scanned: Result<Void, CSVSyntaxError> = bytes.withUnsafeBufferPointer { buffer in
            do throws(CSVSyntaxError) {
                try scan(buffer, from: index, isLast: isLast, into: &records)
                return .success(())
            } catch {
                return .failure(error)
            }
        }
        try scanned.get()
        guard isLast else { return records }
        if inQuotes {
            throw CSVSyntaxError(line: quotedFieldStartLine, problem: "has a quoted field that is never closed")
        }
        if !field.isEmpty || !fields.isEmpty || fieldWasQuoted { try finishRecord(into: &records) }
        return records
    }

    private mutating func scan(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, isLast: Bool,
                               into records: inout [CSVRecord]) throws(CSVSyntaxError) {
        let quote = Self.quote, carriageReturn = Self.carriageReturn, lineFeed = Self.lineFeed
        let count = bytes.count
        var index = start
        while index < count {
            let byte = bytes[index]
            // A quote or CR at the end of a piece means something only with the byte after it.
            if !isLast, index + 1 == count, (quoting && byte == quote) || byte == carriageReturn {
                carried = [byte]
                return
            }
            if inQuotes {
                if byte == quote {
                    if index + 1 < count && bytes[index + 1] == quote {
                        field.append(byte)
                        index += 2
                        try checkLength()
                        continue
                    }
                    inQuotes = false
                    // After a closing quote only a separator or line end may follow.
                    let next = index + 1 < count ? bytes[index + 1] : lineFeed
                    if next != separator && next != lineFeed && next != carriageReturn {
                        throw CSVSyntaxError(line: line, problem: "has text after a closing quote (a quote inside a quoted field must be doubled)")
                    }
                    index += 1
                    continue
                }
                // Everything up to the next quote is the field's, line breaks included.
                var end = index
                while end < count, bytes[end] != quote {
                    if bytes[end] == lineFeed { line += 1 }
                    end += 1
                }
                field.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[index..<end]))
                try checkLength()
                index = end
                continue
            }
            switch byte {
            case separator:
                try finishField()
                index += 1
            case carriageReturn where index + 1 < count && bytes[index + 1] == lineFeed:
                index += 1 // the LF that follows ends the record
            case lineFeed:
                try finishRecord(into: &records)
                line += 1
                recordLine = line
                index += 1
            case quote where quoting:
                guard field.isEmpty, !fieldWasQuoted else {
                    throw CSVSyntaxError(line: line, problem: "has a quote inside an unquoted field (quote the whole field and double the quote)")
                }
                inQuotes = true
                fieldWasQuoted = true
                quotedFieldStartLine = line
                index += 1
            default:
                // This byte and the ordinary ones after it, up to the next that means something.
                var end = index + 1
                while end < count {
                    let next = bytes[end]
                    if next == separator || next == lineFeed || next == carriageReturn || (quoting && next == quote) { break }
                    end += 1
                }
                field.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[index..<end]))
                try checkLength()
                index = end
            }
        }
    }

    private func checkLength() throws(CSVSyntaxError) {
        if field.count > CSVReader.maximumFieldBytes {
            throw CSVSyntaxError(line: inQuotes ? quotedFieldStartLine : line,
                                 problem: "has a field longer than \(CSVReader.maximumFieldBytes / 1024) KiB")
        }
    }

    private mutating func finishField() throws(CSVSyntaxError) {
        if field.isEmpty {
            fields.append("")
        } else {
            guard let text = field.withUnsafeBufferPointer({ String(validating: $0, as: UTF8.self) }) else {
                throw CSVSyntaxError(line: line, problem: "is not valid UTF-8 text")
            }
            fields.append(text)
            field.removeAll(keepingCapacity: true)
        }
        fieldWasQuoted = false
    }

    private mutating func finishRecord(into records: inout [CSVRecord]) throws(CSVSyntaxError) {
        try finishField()
        // A blank line is not a record (and a trailing newline ends the file).
        if !(fields.count == 1 && fields[0].isEmpty) {
            records.append(CSVRecord(line: recordLine, fields: fields))
        }
        fields.removeAll(keepingCapacity: true)
    }
}
