/// The RFC 4180 reading of `CSVReader`, fed a file in pieces: each `parse` returns the records
/// completed so far and keeps the unfinished one, so a file of any size is read with one piece
/// and one record in memory. A piece may end anywhere, even inside a field or between the two
/// bytes of `""` or CR LF: a byte whose meaning depends on the next is kept for the next piece.
///
/// The bytes are read as bytes: a run of ordinary bytes is found in one scan of the piece and
/// copied at once (a file's bytes are mostly such runs) into one buffer of field bytes that the
/// piece's records share (`CSVRecord`); no field becomes a `String` here. Each field is checked
/// to be UTF-8 when it ends, an ASCII one by a look at its bytes.
public struct CSVParser {
    /// The bytes of the fields parsed since the last records were handed out, one after the other.
    private var bytes: [UInt8] = []
    /// Where each of those fields ends in `bytes` (`CSVFieldStorage.ends`).
    private var ends: [Int] = []
    /// The position in `ends` of the unfinished record's first field.
    private var recordFirstField = 0
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
        var input = piece
        if !carried.isEmpty {
            input = carried + piece
            carried = []
        }
        var index = 0
        if atStart {
            // A byte-order mark may only start the file; wait until three bytes are there to tell.
            if input.count < 3 && !isLast {
                carried = input
                return []
            }
            atStart = false
            if input.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        }
        // A piece's fields are at most its bytes: the buffer grows once.
        bytes.reserveCapacity(bytes.count + input.count - index)
        var finished: [(line: Int, first: Int, count: Int)] = []
        let scanned: Result<Void, CSVSyntaxError> = input.withUnsafeBufferPointer { buffer in
            do throws(CSVSyntaxError) {
                try scan(buffer, from: index, isLast: isLast, into: &finished)
                return .success(())
            } catch {
                return .failure(error)
            }
        }
        try scanned.get()
        if isLast {
            if inQuotes {
                throw CSVSyntaxError(line: quotedFieldStartLine, problem: "has a quoted field that is never closed")
            }
            if bytes.count > fieldStart || ends.count > recordFirstField || fieldWasQuoted { try finishRecord(into: &finished) }
        }
        return handOut(finished)
    }

    /// The finished records, sharing the field bytes parsed so far; the unfinished record's
    /// fields move to a new buffer, to be finished by the next piece.
    private mutating func handOut(_ finished: [(line: Int, first: Int, count: Int)]) -> [CSVRecord] {
        guard !finished.isEmpty else { return [] }
        let storage = CSVFieldStorage(bytes: bytes, ends: ends)
        let cut = recordFirstField == 0 ? 0 : ends[recordFirstField - 1]
        bytes = Array(bytes[cut...])
        ends = ends[recordFirstField...].map { $0 - cut }
        recordFirstField = 0
        return finished.map { CSVRecord(line: $0.line, storage: storage, first: $0.first, count: $0.count) }
    }

    /// Where the field being read starts in `bytes`: where the last finished one ends.
    private var fieldStart: Int {
        ends.last ?? 0
    }

    private mutating func scan(_ input: UnsafeBufferPointer<UInt8>, from start: Int, isLast: Bool,
                               into finished: inout [(line: Int, first: Int, count: Int)]) throws(CSVSyntaxError) {
        let quote = Self.quote, carriageReturn = Self.carriageReturn, lineFeed = Self.lineFeed
        let count = input.count
        var index = start
        while index < count {
            let byte = input[index]
            // A quote or CR at the end of a piece means something only with the byte after it.
            if !isLast, index + 1 == count, (quoting && byte == quote) || byte == carriageReturn {
                carried = [byte]
                return
            }
            if inQuotes {
                if byte == quote {
                    if index + 1 < count && input[index + 1] == quote {
                        bytes.append(byte)
                        index += 2
                        try checkLength()
                        continue
                    }
                    inQuotes = false
                    // After a closing quote only a separator or line end may follow.
                    let next = index + 1 < count ? input[index + 1] : lineFeed
                    if next != separator && next != lineFeed && next != carriageReturn {
                        throw CSVSyntaxError(line: line, problem: "has text after a closing quote (a quote inside a quoted field must be doubled)")
                    }
                    index += 1
                    continue
                }
                // Everything up to the next quote is the field's, line breaks included.
                var end = index
                while end < count, input[end] != quote {
                    if input[end] == lineFeed { line += 1 }
                    end += 1
                }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: input[index..<end]))
                try checkLength()
                index = end
                continue
            }
            switch byte {
            case separator:
                try finishField()
                index += 1
            case carriageReturn where index + 1 < count && input[index + 1] == lineFeed:
                index += 1 // the LF that follows ends the record
            case lineFeed:
                try finishRecord(into: &finished)
                line += 1
                recordLine = line
                index += 1
            case quote where quoting:
                guard bytes.count == fieldStart, !fieldWasQuoted else {
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
                    let next = input[end]
                    if next == separator || next == lineFeed || next == carriageReturn || (quoting && next == quote) { break }
                    end += 1
                }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: input[index..<end]))
                try checkLength()
                index = end
            }
        }
    }

    private func checkLength() throws(CSVSyntaxError) {
        if bytes.count - fieldStart > CSVReader.maximumFieldBytes {
            throw CSVSyntaxError(line: inQuotes ? quotedFieldStartLine : line,
                                 problem: "has a field longer than \(CSVReader.maximumFieldBytes / 1024) KiB")
        }
    }

    private mutating func finishField() throws(CSVSyntaxError) {
        let start = fieldStart
        let valid = bytes.withUnsafeBufferPointer { buffer in
            let field = UnsafeBufferPointer(rebasing: buffer[start...])
            // Nearly every field is ASCII, which is UTF-8 as it is.
            return field.allSatisfy { $0 < 0x80 } || String(validating: field, as: UTF8.self) != nil
        }
        guard valid else { throw CSVSyntaxError(line: line, problem: "is not valid UTF-8 text") }
        ends.append(bytes.count)
        fieldWasQuoted = false
    }

    private mutating func finishRecord(into finished: inout [(line: Int, first: Int, count: Int)]) throws(CSVSyntaxError) {
        try finishField()
        let fieldCount = ends.count - recordFirstField
        // A blank line is not a record (and a trailing newline ends the file).
        if fieldCount == 1 && fieldStartOfLast == bytes.count {
            ends.removeLast()
            return
        }
        finished.append((recordLine, recordFirstField, fieldCount))
        recordFirstField = ends.count
    }

    /// Where the last finished field starts: where the one before it ends.
    private var fieldStartOfLast: Int {
        ends.count >= 2 ? ends[ends.count - 2] : 0
    }
}
