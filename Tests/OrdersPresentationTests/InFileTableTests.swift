import Foundation
@testable import OrdersCore
@testable import OrdersPresentation
@testable import OrdersStorage
import OrdersTestSupport
import Testing

/// The index's tables as an index file holds them, read in place (`StringPool`, `StringTable`,
/// `TextTable`, `SlotAmounts`): lookups give exactly the entries a plain dictionary gives, a table
/// read back equals the table written, strings added after reading go to a private overlay (the
/// mapped pool stays mapped), and a file whose tables disagree with themselves is refused.
@Suite("In-file tables of the index")
struct InFileTableTests {
    /// Strings that stress the hash and the byte comparison: empty, prefixes of one another,
    /// non-ASCII, a combining sequence, NUL and control bytes, long ones.
    static let strings: [String] = ["", "a", "ab", "abc", "Abc", "ABC", "Zoë Adams", "Zoe\u{308} Adams", "王秀英",
                                    "Søren Kierkegaard-Møller", "tab\there", "nul\u{0}inside", "\u{202E}rtl",
                                    String(repeating: "x", count: 300)]
        + (0..<2_000).map { "key\u{1F}\($0)" }

    @Test("a pool finds every string it holds at the entry it was given, and nothing else; strings are kept byte for byte")
    func poolLookups() {
        var pool = StringPool()
        // Keyed by bytes: "Zoë" and "Zoe\u{308}" are two entries, each shown as it was written.
        var reference: [[UInt8]: UInt32] = [:]
        for text in Self.strings + Self.strings.reversed() {
            if let entry = pool.entry(of: text) {
                #expect(reference[Array(text.utf8)] == entry, "\(text.debugDescription)")
            } else {
                #expect(reference[Array(text.utf8)] == nil, "\(text.debugDescription) was added but not found")
                reference[Array(text.utf8)] = pool.append(text.utf8)
            }
        }
        #expect(pool.count == Self.strings.count)
        #expect((0..<pool.count).map(pool.string) == Self.strings)
        for (text, entry) in reference { #expect(pool.entry(of: text) == entry) }
        #expect(pool.entriesEqual(to: "Zoe\u{308} Adams") == Self.strings.map { $0 == "Zoë Adams" },
                "equality as Swift's (canonical): both spellings")
        #expect(pool.entriesEqual(to: "abc") == Self.strings.map { $0 == "abc" })
        #expect(pool.entry(of: "key\u{1F}2000") == nil)
        #expect(pool.entry(of: "abcd") == nil)
        #expect(pool.entry(of: "Zoe Adams") == nil, "folding is not the pool's: strings are kept verbatim")
        #expect(pool.slots.count == 4_096, "at least twice the entries, a power of two")
    }

    @Test("the hash is fixed: the same bytes give the same value in every process")
    func fixedHash() {
        let offsetBasis: UInt64 = 0xCBF2_9CE4_8422_2325
        #expect(StringPool.hash("".utf8) == offsetBasis ^ (offsetBasis >> 32))
        #expect(StringPool.hash("a".utf8) == StringPool.hash(Array("a".utf8)))
        #expect(StringPool.hash("ab".utf8) != StringPool.hash("ba".utf8))
    }

    @Test("a text table read back equals the table written; its lookups, folded forms and search answers are the built table's")
    func textTableRoundTrip() throws {
        var built = TextTable()
        let entries = Self.strings.map { built.intern($0) }
        #expect(entries == (0..<UInt32(Self.strings.count)).map { $0 })
        let read = try Self.roundTrip(built) { table, coder in try table.transcode(with: &coder) }
        #expect(read.table == built)
        #expect(read.table.isMapped)
        #expect(read.table.originals.stored.ownedByteCount == 0 && read.table.storedFolding.ownedByteCount == 0,
                "read in place: nothing copied")
        #expect((0..<read.table.count).map(read.table.original) == Self.strings)
        #expect((0..<read.table.count).map(read.table.foldedString) == Self.strings.map(FastFolding.fold))
        #expect((0..<read.table.count).map(read.table.mask) == (0..<built.count).map(built.mask))
        #expect((0..<read.table.count).map(read.table.needsExactSearch) == (0..<built.count).map(built.needsExactSearch))
        for text in Self.strings { #expect(read.table.entry(of: text) == built.entry(of: text)) }
        for needle in ["a", "zoe", "zoë", "王", "key\u{1F}19", "x", "nul", "e\u{308}"] {
            let folded = FastFolding.foldedBytes(needle)
            let string = String(decoding: folded, as: UTF8.self)
            let exactOnly = !FastFolding.isByteSearchable(folded)
            #expect(read.table.entriesContaining(folded, needleString: string, exactOnly: exactOnly)
                        == Self.strings.map { FastFolding.fold($0).contains(string) && !folded.isEmpty }, "\(needle)")
        }
    }

    @Test("strings added after reading go to a private overlay: the mapped pool stays shared, entries go on from it")
    func addedAfterReading() throws {
        var built = TextTable()
        for text in Self.strings.prefix(10) { _ = built.intern(text) }
        var read = try Self.roundTrip(built) { table, coder in try table.transcode(with: &coder) }.table
        #expect(read.intern("Ana Lima") == 10)
        #expect(read.intern("Zoë Adams") == 6, "a string of the stored pool keeps its entry")
        #expect(read.intern("Bob Stone") == 11)
        #expect(read.intern("Ana Lima") == 10)
        #expect(read.isMapped, "the stored pool is not copied")
        #expect(read.original(11) == "Bob Stone")
        #expect(read.foldedString(10) == "ana lima")
        #expect(read.entriesContaining(Array("o".utf8), needleString: "o", exactOnly: false)
                    == (Self.strings.prefix(10) + ["Ana Lima", "Bob Stone"]).map { FastFolding.fold($0).contains("o") })
        _ = built.intern("Ana Lima")
        _ = built.intern("Bob Stone")
        #expect(read == built, "split between the pools or not, the same entries")
        // Written again, the two pools become one stored pool.
        let again = try Self.roundTrip(read) { table, coder in try table.transcode(with: &coder) }.table
        #expect(again == built)
        #expect(again.originals.storedCount == 12)
    }

    @Test("amounts kept for some rows read back equal, found by slot; changes after reading live in the overlay")
    func slotAmounts() throws {
        let amounts: [OrderIndex.Slot: Decimal] = [3: Decimal(string: "12.5")!, 7: 0, 8: Decimal(string: "-4.0001")!,
                                                   20: Decimal(string: "0.00001")!, 21: Decimal(string: "1e30")!]
        let built = SlotAmounts(amounts)
        #expect(built.all == amounts)
        #expect(built.scaledAmount(3) == 125_000)
        #expect(built.scaledAmount(20) == nil, "more places than 10⁻⁴: only the exact amount")
        #expect(built[20] == Decimal(string: "0.00001"))
        #expect(built[4] == nil)
        var read = try Self.roundTrip(built) { amounts, coder in try amounts.transcode(with: &coder) }.table
        #expect(read == built)
        #expect(read.slots.isMapped && read.scaled.isMapped)
        read[3] = nil
        read[4] = 9
        read[7] = 0
        #expect(read.slots.isMapped && read.scaled.isMapped, "a change does not copy the columns")
        var expected = amounts
        expected[3] = nil
        expected[4] = 9
        #expect(read.all == expected)
        #expect(read.scaledAmount(4) == 90_000)
        #expect(read.scaledAmount(3) == nil)
        #expect(try Self.roundTrip(read) { amounts, coder in try amounts.transcode(with: &coder) }.table.all == expected)
    }

    @Test("a pool whose offsets or hash table disagree with its entries is refused, never read")
    func corruptPoolRefused() throws {
        var pool = StringPool()
        for text in ["a", "bb", "ccc"] { _ = pool.append(text.utf8) }
        // Offsets running past the bytes.
        #expect(throws: IndexFileProblem.corrupt("a string pool's offsets disagree with its bytes")) {
            try Self.roundTrip(pool, tamper: { sections in sections[1] = [0, 1, 2, 99] as [UInt32] }) { pool, coder in
                try pool.transcode(with: &coder)
            }
        }
        // A hash table naming an entry that does not exist.
        #expect(throws: IndexFileProblem.corrupt("a string pool's hash table does not fit its entries")) {
            try Self.roundTrip(pool, tamper: { sections in
                var slots = sections[2] as! [UInt32]
                slots[slots.firstIndex(of: 0)!] = 4
                sections[2] = slots
            }) { pool, coder in try pool.transcode(with: &coder) }
        }
        // A hash table full to the last slot (a lookup would never end).
        #expect(throws: IndexFileProblem.corrupt("a string pool's hash table does not fit its entries")) {
            try Self.roundTrip(pool, tamper: { sections in sections[2] = [1, 2, 3, 1] as [UInt32] }) { pool, coder in
                try pool.transcode(with: &coder)
            }
        }
    }

    @Test("an index file cut inside a table is refused as truncated; one with a table's bytes changed, as damaged")
    func truncatedOrDamagedFileRefused() throws {
        let index = OrderIndex(IndexRowEquivalenceTests.orders)
        let path = try TemporaryDirectory.make().appendingPathComponent("orders.db.index").path
        let mark = IndexMark(identity: "8C1E2B4F-0000-4000-8000-000000000017", sequence: 3, schemaVersion: SQLiteSchema.currentVersion)
        try IndexFile.write(index, mark: mark, to: path)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        // The group pool's bytes hold every customer group: change one of them.
        let group = try #require(IndexRowEquivalenceTests.orders.compactMap(\.customerGroup).first)
        let at = try #require(bytes.range(of: Data(group.utf8)))
        var damaged = bytes
        damaged[at.lowerBound] ^= 0x01
        try damaged.write(to: URL(fileURLWithPath: path))
        #expect(throws: IndexFileProblem.corrupt("its columns do not match their checksum")) { try IndexFile.read(from: path) }
        try bytes.prefix(at.lowerBound).write(to: URL(fileURLWithPath: path))
        #expect(throws: IndexFileProblem.truncated) { try IndexFile.read(from: path) }
        try bytes.write(to: URL(fileURLWithPath: path))
        let read = try IndexFile.read(from: path).index
        #expect(read == index)
        #expect(read.groupTable.isMapped && read.customerTable.isMapped)
        for order in IndexRowEquivalenceTests.orders {
            let slot = try #require(read.slot(of: order.id))
            #expect(read.customerName(slot) == order.customerName)
            guard let group = order.customerGroup else { continue }
            #expect(read.evaluate([OrderFilter(.customerGroup(group))]).count
                        == IndexRowEquivalenceTests.orders.filter { $0.customerGroup == order.customerGroup }.count)
        }
    }

    // MARK: Helpers

    /// Writes a value through `IndexFileWriter` to a file, maps it and reads it back through
    /// `IndexFileReader`; `tamper` may replace the sections (as arrays) before they are written.
    static func roundTrip<Value>(_ value: Value, tamper: ((inout [Any]) -> Void)? = nil,
                                 _ transcode: (inout Value, inout any IndexFileCoder) throws -> Void) throws -> (table: Value, file: MappedIndexFile) {
        let path = try TemporaryDirectory.make().appendingPathComponent("table").path
        var recorder = SectionRecorder()
        var written = value
        var recording: any IndexFileCoder = recorder
        try transcode(&written, &recording)
        recorder = recording as! SectionRecorder
        tamper?(&recorder.sections)
        let descriptor = open(path, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        defer { close(descriptor) }
        var writer = IndexFileWriter(descriptor: descriptor)
        for section in recorder.sections { try SectionRecorder.write(section, with: &writer) }
        let size = Int(lseek(descriptor, 0, SEEK_END))
        let file = try MappedIndexFile(descriptor: descriptor, size: size)
        var reader: any IndexFileCoder = IndexFileReader(file: file, bytes: file.bytes)
        var read = value
        try transcode(&read, &reader)
        return (read, file)
    }
}

/// Records the sections a value writes (as typed arrays), so a test can change one before it is written.
private struct SectionRecorder: IndexFileCoder {
    var sections: [Any] = []
    var isReading: Bool { false }

    mutating func column<Element: BitwiseCopyable>(_ values: inout [Element]) throws { sections.append(values) }
    mutating func column<Element: BitwiseCopyable>(_ values: inout IndexColumn<Element>) throws { sections.append(Array(values)) }

    static func write(_ section: Any, with writer: inout IndexFileWriter) throws {
        switch section {
        case var values as [UInt8]: try writer.column(&values)
        case var values as [UInt32]: try writer.column(&values)
        case var values as [Int32]: try writer.column(&values)
        case var values as [Int64]: try writer.column(&values)
        case var values as [Bool]: try writer.column(&values)
        default: Issue.record("a section of \(type(of: section)) has no case here")
        }
    }
}
