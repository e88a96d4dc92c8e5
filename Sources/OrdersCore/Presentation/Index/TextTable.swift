/// Distinct strings stored once, contiguously: their display form and their
/// folded form, addressed by a small integer. Customers, products, assignees
/// and countries repeat across orders, so rows hold only the entry number.
struct TextTable: Sendable, Equatable {
    private(set) var originals: [String] = []
    /// Folded UTF-8 of every entry, back to back; entry i is `folded[starts[i]..<starts[i+1]]`.
    private(set) var folded: IndexColumn<UInt8> = []
    private(set) var starts: IndexColumn<UInt32> = [0]
    /// Entries whose folded text must be searched with `String.contains` (see `FastFolding.isByteSearchable`).
    private(set) var needsExactSearch: IndexColumn<Bool> = []
    /// `ByteClassMask` of each entry's folded text.
    private(set) var masks: IndexColumn<UInt32> = []
    private var lookup: [String: UInt32] = [:]

    var count: Int { originals.count }

    /// The entry for a string, added if new.
    mutating func intern(_ text: String) -> UInt32 {
        if let existing = lookup[text] { return existing }
        let entry = UInt32(originals.count)
        let bytes = FastFolding.foldedBytes(text)
        originals.append(text)
        folded.append(contentsOf: bytes)
        starts.append(UInt32(folded.count))
        needsExactSearch.append(!FastFolding.isByteSearchable(bytes))
        masks.append(ByteClassMask.of(bytes))
        lookup[text] = entry
        return entry
    }

    func foldedRange(_ entry: Int) -> Range<Int> { Int(starts[entry])..<Int(starts[entry + 1]) }

    func foldedString(_ entry: Int) -> String {
        String(decoding: folded[foldedRange(entry)], as: UTF8.self)
    }

    /// For each entry, whether its folded text contains the folded needle (the reference rule).
    func entriesContaining(_ needle: [UInt8], needleString: String, exactOnly: Bool) -> [Bool] {
        var result = [Bool](repeating: false, count: count)
        guard !needle.isEmpty else { return result } // `contains("")` is false in the reference
        folded.withUnsafeBufferPointer { haystack in
            needle.withUnsafeBufferPointer { needleBytes in
                for entry in 0..<count {
                    if exactOnly || needsExactSearch[entry] {
                        result[entry] = foldedString(entry).contains(needleString)
                    } else {
                        let range = foldedRange(entry)
                        result[entry] = ByteSearch.contains(haystack, start: range.lowerBound, length: range.count, needle: needleBytes)
                    }
                }
            }
        }
        return result
    }

    /// For each entry, whether its folded text equals the folded value.
    func entriesEqual(to needle: [UInt8]) -> [Bool] {
        (0..<count).map { folded[foldedRange($0)].elementsEqual(needle) }
    }

    /// Folded-byte order of two entries, as `OrderSort` compares customer names.
    func foldedPrecedes(_ a: Int, _ b: Int) -> Bool {
        folded[foldedRange(a)].lexicographicallyPrecedes(folded[foldedRange(b)])
    }

    func foldedEqual(_ a: Int, _ b: Int) -> Bool {
        a == b || folded[foldedRange(a)].elementsEqual(folded[foldedRange(b)])
    }
}

extension TextTable {
    /// Writes or reads the table's columns (`IndexFileCoder`); the lookup is rebuilt after reading.
    mutating func transcode(with coder: inout some IndexFileCoder) throws {
        try coder.strings(&originals)
        try coder.column(&folded)
        try coder.column(&starts)
        try coder.column(&needsExactSearch)
        try coder.column(&masks)
        guard coder.isReading else { return }
        guard starts.count == originals.count + 1, needsExactSearch.count == originals.count, masks.count == originals.count,
              starts.last.map({ Int($0) == folded.count }) ?? false else {
            throw IndexFileProblem.corrupt("a text table's columns disagree")
        }
        lookup = Dictionary(originals.enumerated().map { ($1, UInt32($0)) }, uniquingKeysWith: { first, _ in first })
    }
}
