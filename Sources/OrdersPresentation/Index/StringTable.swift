/// Distinct strings, each stored once and addressed by a small integer (its entry), in two pools:
/// the one read from the index file, used in place in the shared mapping, and a small private one
/// for the strings added since (a live change naming a new customer), so a change never copies
/// the shared pool. Entries of the stored pool come first; an index built here, with no file read,
/// keeps every entry in the stored pool. Written to the file as one pool.
struct StringTable: Sendable {
    private(set) var stored = StringPool()
    private(set) var added = StringPool()

    init() {}

    var count: Int { stored.count + added.count }
    /// Entries below this are in the stored pool.
    var storedCount: Int { stored.count }
    /// True while the stored pool is read in place from a mapped index file.
    var isMapped: Bool { stored.isMapped }

    /// Bytes this process holds for the table: the added pool, and the stored one unless mapped.
    var ownedByteCount: Int { stored.ownedByteCount + added.ownedByteCount }

    func string(_ entry: Int) -> String {
        entry < stored.count ? stored.string(entry) : added.string(entry - stored.count)
    }

    /// Every string in entry order (for small tables: operators, countries).
    var strings: [String] { (0..<count).map(string) }

    func entry(of text: String) -> UInt32? {
        if let entry = stored.entry(of: text) { return entry }
        return added.entry(of: text).map { $0 + UInt32(stored.count) }
    }

    /// For each entry, whether it equals the text as Swift compares strings (`StringPool.entriesEqual`).
    func entriesEqual(to text: String) -> [Bool] { stored.entriesEqual(to: text) + added.entriesEqual(to: text) }

    /// The entry for a string, added if new (`isNew`).
    mutating func intern(_ text: String) -> (entry: UInt32, isNew: Bool) {
        if let existing = entry(of: text) { return (existing, false) }
        if stored.isMapped { return (added.append(text.utf8) + UInt32(stored.count), true) }
        return (stored.append(text.utf8), true)
    }

    /// The table as one pool, as the file holds it.
    func joined() -> StringPool {
        added.count == 0 ? stored : StringPool(joining: stored, added)
    }
}

extension StringTable: Equatable {
    /// The same strings under the same entries, however they are split between the pools.
    static func == (lhs: StringTable, rhs: StringTable) -> Bool {
        lhs.joined() == rhs.joined()
    }
}

extension StringTable {
    /// Writes the table as one pool, or reads one as the stored pool (read in place).
    mutating func transcode(with coder: inout some IndexFileCoder) throws {
        var pool = coder.isReading ? StringPool() : joined()
        try pool.transcode(with: &coder)
        guard coder.isReading else { return }
        stored = pool
        added = StringPool()
    }
}
