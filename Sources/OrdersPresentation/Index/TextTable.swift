/// Distinct strings stored once, with their folded search forms, addressed by a small integer.
/// Customers, products, assignees and countries repeat across orders, so rows hold only the entry
/// number.
///
/// The strings are a `StringTable` (a pool read in place from the index file, and a small private
/// one for strings added since); the search forms follow the same split, one `TextFolding` per
/// pool, so a table read from the file holds no per-process copy of its strings or a dictionary.
struct TextTable: Sendable, Equatable {
    private(set) var originals = StringTable()
    private(set) var storedFolding = TextFolding()
    private(set) var addedFolding = TextFolding()

    var count: Int { originals.count }
    /// True while the table is read in place from a mapped index file.
    var isMapped: Bool { originals.isMapped }

    /// Bytes this process holds for the table (none for the parts read in place from the mapping).
    var ownedByteCount: Int { originals.ownedByteCount + storedFolding.ownedByteCount + addedFolding.ownedByteCount }

    /// The entry for a string, added if new.
    mutating func intern(_ text: String) -> UInt32 {
        let (entry, isNew) = originals.intern(text)
        if isNew {
            if Int(entry) < originals.storedCount { storedFolding.append(text) } else { addedFolding.append(text) }
        }
        return entry
    }

    /// The entry holding exactly this string, if any.
    func entry(of text: String) -> UInt32? { originals.entry(of: text) }

    /// The string as given.
    func original(_ entry: Int) -> String { originals.string(entry) }

    /// Every string in entry order (for small tables: operators, countries).
    var strings: [String] { originals.strings }

    private func folding(of entry: Int) -> (folding: TextFolding, entry: Int) {
        entry < originals.storedCount ? (storedFolding, entry) : (addedFolding, entry - originals.storedCount)
    }

    func foldedBytes(_ entry: Int) -> Slice<IndexColumn<UInt8>> {
        let (folding, position) = folding(of: entry)
        return folding.foldedBytes(position)
    }

    func foldedString(_ entry: Int) -> String { String(decoding: Array(foldedBytes(entry)), as: UTF8.self) }

    func needsExactSearch(_ entry: Int) -> Bool {
        let (folding, position) = folding(of: entry)
        return folding.needsExactSearch[position]
    }

    /// `ByteClassMask` of the entry's folded text.
    func mask(_ entry: Int) -> UInt32 {
        let (folding, position) = folding(of: entry)
        return folding.masks[position]
    }

    /// For each entry, whether its folded text contains the folded needle (the reference rule).
    func entriesContaining(_ needle: [UInt8], needleString: String, exactOnly: Bool) -> [Bool] {
        storedFolding.entriesContaining(needle, needleString: needleString, exactOnly: exactOnly)
            + addedFolding.entriesContaining(needle, needleString: needleString, exactOnly: exactOnly)
    }

    /// For each entry, whether its folded text equals the folded value.
    func entriesEqual(to needle: [UInt8]) -> [Bool] {
        (0..<count).map { foldedBytes($0).elementsEqual(needle) }
    }

    /// Folded-byte order of two entries, as `OrderSort` compares customer names.
    func foldedPrecedes(_ a: Int, _ b: Int) -> Bool {
        foldedBytes(a).lexicographicallyPrecedes(foldedBytes(b))
    }

    func foldedEqual(_ a: Int, _ b: Int) -> Bool {
        a == b || foldedBytes(a).elementsEqual(foldedBytes(b))
    }

    static func == (lhs: TextTable, rhs: TextTable) -> Bool {
        lhs.originals == rhs.originals && lhs.joinedFolding() == rhs.joinedFolding()
    }

    private func joinedFolding() -> TextFolding {
        addedFolding.count == 0 ? storedFolding : TextFolding(joining: storedFolding, addedFolding)
    }
}

extension TextTable {
    /// Writes the table as one pool and one run of search forms, or reads them as the stored part
    /// (read in place: no string is decoded and no lookup built).
    mutating func transcode(with coder: inout some IndexFileCoder) throws {
        try originals.transcode(with: &coder)
        var folding = coder.isReading ? TextFolding() : joinedFolding()
        try folding.transcode(with: &coder, entries: originals.count)
        guard coder.isReading else { return }
        storedFolding = folding
        addedFolding = TextFolding()
    }
}
