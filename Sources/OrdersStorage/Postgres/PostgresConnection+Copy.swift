import CPostgres

extension PostgresConnection {
    /// Bytes gathered before they are handed to libpq: large enough that a million rows cost
    /// a few hundred calls, small enough to stay out of the way of the memory a caller bounds.
    static let copyChunkBytes = 1 << 20

    /// Appends rows to a table with one `COPY … FROM STDIN` (text format): the rows stream to the
    /// server as data, with no SQL to parse and no parameter limit per statement, so a bulk write
    /// (`orders demo`, `orders copy`, an import) is one statement per table. Like every statement it
    /// fires the table's statement triggers once, with every row in their transition tables.
    ///
    /// Values cross as text, verbatim: the format's four special characters are escaped (`\\`,
    /// tab, newline, carriage return) and nil is `\N`. Text holding a NUL is refused, as by `execute`.
    func copy(into table: String, columns: [String], rows: [[String?]]) throws {
        try ensureOpen()
        for (number, row) in rows.enumerated() {
            if let column = row.firstIndex(where: { $0?.utf8.contains(0) == true }) {
                throw PostgresError(message: "text with a NUL character cannot be stored (row \(number + 1), \(columns[column]))")
            }
        }
        let columnList = try columns.map(quotedIdentifier).joined(separator: ", ")
        let started = PQexec(handle, "COPY \(try quotedIdentifier(table)) (\(columnList)) FROM STDIN")
        guard let started, PQresultStatus(started) == PGRES_COPY_IN else {
            _ = try consume(started)
            throw PostgresError(message: "the server did not start COPY into \(table)")
        }
        PQclear(started)
        var buffer: [UInt8] = []
        buffer.reserveCapacity(Self.copyChunkBytes + 4_096)
        var sendFailed = false
        func send() {
            guard !buffer.isEmpty, !sendFailed else { return }
            let sent = buffer.withUnsafeBufferPointer { bytes in
                // Not empty (checked above), so the buffer has a base address.
                bytes.baseAddress!.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
                    PQputCopyData(handle, $0, Int32(bytes.count))
                }
            }
            sendFailed = sent != 1
            buffer.removeAll(keepingCapacity: true)
        }
        for row in rows {
            Self.appendCopyLine(row, to: &buffer)
            if buffer.count >= Self.copyChunkBytes { send() }
        }
        send()
        if sendFailed || PQputCopyEnd(handle, nil) != 1 {
            throw lostOrFailed(PostgresError(connection: handle))
        }
        // The COPY's outcome, then the end of its results (libpq hands out one result per call).
        var outcome: Result<PostgresResult, Error> = .failure(PostgresError(message: "COPY into \(table) gave no result"))
        var first = true
        while let result = PQgetResult(handle) {
            if first { outcome = Result { try consume(result) } } else { PQclear(result) }
            first = false
        }
        _ = try outcome.get()
    }

    /// One row in COPY's text format: values apart by tabs, ended by a newline.
    static func appendCopyLine(_ row: [String?], to buffer: inout [UInt8]) {
        for (index, value) in row.enumerated() {
            if index > 0 { buffer.append(UInt8(ascii: "\t")) }
            guard let value else {
                buffer.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "N")])
                continue
            }
            for byte in value.utf8 {
                switch byte {
                case UInt8(ascii: "\\"): buffer.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
                case UInt8(ascii: "\t"): buffer.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
                case UInt8(ascii: "\n"): buffer.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
                case UInt8(ascii: "\r"): buffer.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
                default: buffer.append(byte)
                }
            }
        }
        buffer.append(UInt8(ascii: "\n"))
    }
}
