/// A CSV record and the line of the file it starts on (1-based).
///
/// Its fields are the bytes the file wrote, unquoted (`""` made one quote), each already known to
/// be valid UTF-8 (`CSVParser` refuses a file otherwise). They are kept in storage that every
/// record parsed from one piece of the file shares, and a field becomes a `String` only when a
/// reader asks for it (`field(_:)`): a shop's export has 79 columns and a reader takes fewer, most
/// of them blank on all but an order's first row, and a `String` for every field was the CSV
/// parse's cost and memory (issue 31).
public struct CSVRecord: Hashable, Sendable {
    public var line: Int
    private let storage: CSVFieldStorage
    /// The position of the record's first field among the storage's.
    private let first: Int
    /// How many fields the record has.
    public let count: Int

    public init(line: Int, fields: [String]) {
        var bytes: [UInt8] = []
        var ends: [Int] = []
        for field in fields {
            bytes += field.utf8
            ends.append(bytes.count)
        }
        self.init(line: line, storage: CSVFieldStorage(bytes: bytes, ends: ends), first: 0, count: fields.count)
    }

    init(line: Int, storage: CSVFieldStorage, first: Int, count: Int) {
        self.line = line
        self.storage = storage
        self.first = first
        self.count = count
    }

    /// Every field as text: for readers that take every column (a header, the orders' own CSV).
    public var fields: [String] {
        (0..<count).map(field)
    }

    /// The field at `index` (0..<count) as text.
    public func field(_ index: Int) -> String {
        withBytes(ofField: index) { String(decoding: $0, as: UTF8.self) }
    }

    /// Calls `body` with the bytes of the field at `index` (0..<count), valid UTF-8.
    public func withBytes<Result>(ofField index: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        precondition(index >= 0 && index < count, "field \(index) of a record of \(count)")
        let position = first + index
        let end = storage.ends[position]
        let start = position == 0 ? 0 : storage.ends[position - 1]
        return try storage.bytes.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[start..<end])) }
    }

    /// Equal when the lines and every field's bytes are.
    public static func == (left: CSVRecord, right: CSVRecord) -> Bool {
        guard left.line == right.line, left.count == right.count else { return false }
        for index in 0..<left.count {
            let same = left.withBytes(ofField: index) { leftBytes in
                right.withBytes(ofField: index) { leftBytes.elementsEqual($0) }
            }
            if !same { return false }
        }
        return true
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(line)
        hasher.combine(count)
        for index in 0..<count {
            withBytes(ofField: index) { bytes in
                hasher.combine(bytes.count)
                hasher.combine(bytes: UnsafeRawBufferPointer(bytes))
            }
        }
    }
}

/// The fields of the records parsed from one piece of a file, one after the other: field `k`
/// is `bytes[ends[k - 1]..<ends[k]]` (from 0 for the first). Never changed once made, so the
/// records share it across threads.
final class CSVFieldStorage: Sendable {
    let bytes: [UInt8]
    let ends: [Int]

    init(bytes: [UInt8], ends: [Int]) {
        self.bytes = bytes
        self.ends = ends
    }
}
