import OrdersCore
import OrdersStorage

/// The search forms of a run of `TextTable` entries, parallel to one pool of its strings: each
/// entry's folded UTF-8 back to back, whether it needs `String.contains`, and its byte classes.
/// Plain columns, so a run read from the index file is used in place.
struct TextFolding: Sendable, Equatable {
    /// Entry i is `folded[starts[i]..<starts[i+1]]`.
    private(set) var folded: IndexColumn<UInt8> = []
    private(set) var starts: IndexColumn<UInt32> = [0]
    /// Entries whose folded text must be searched with `String.contains` (see `FastFolding.isByteSearchable`).
    private(set) var needsExactSearch: IndexColumn<Bool> = []
    /// `ByteClassMask` of each entry's folded text.
    private(set) var masks: IndexColumn<UInt32> = []

    init() {}

    var count: Int { starts.count - 1 }

    /// Bytes this process holds for the columns (none while they are read from the mapping).
    var ownedByteCount: Int {
        folded.ownedByteCount + starts.ownedByteCount + needsExactSearch.ownedByteCount + masks.ownedByteCount
    }

    /// One run of `first`'s entries, then `second`'s.
    init(joining first: TextFolding, _ second: TextFolding) {
        self = first
        let offset = UInt32(first.folded.count)
        folded.append(contentsOf: second.folded)
        starts.append(contentsOf: second.starts.dropFirst().map { $0 + offset })
        needsExactSearch.append(contentsOf: second.needsExactSearch)
        masks.append(contentsOf: second.masks)
    }

    /// Adds the search forms of a new entry.
    mutating func append(_ text: String) {
        let bytes = FastFolding.foldedBytes(text)
        folded.append(contentsOf: bytes)
        starts.append(UInt32(folded.count))
        needsExactSearch.append(!FastFolding.isByteSearchable(bytes))
        masks.append(ByteClassMask.of(bytes))
    }

    func range(_ entry: Int) -> Range<Int> { Int(starts[entry])..<Int(starts[entry + 1]) }

    func foldedBytes(_ entry: Int) -> Slice<IndexColumn<UInt8>> { folded[range(entry)] }

    /// For each entry, whether its folded text contains the folded needle (the reference rule).
    func entriesContaining(_ needle: [UInt8], needleString: String, exactOnly: Bool) -> [Bool] {
        var result = [Bool](repeating: false, count: count)
        guard !needle.isEmpty else { return result } // `contains("")` is false in the reference
        folded.withUnsafeBufferPointer { haystack in
            needle.withUnsafeBufferPointer { needleBytes in
                for entry in 0..<count {
                    let range = range(entry)
                    if exactOnly || needsExactSearch[entry] {
                        result[entry] = String(decoding: UnsafeBufferPointer(rebasing: haystack[range]), as: UTF8.self).contains(needleString)
                    } else {
                        result[entry] = ByteSearch.contains(haystack, start: range.lowerBound, length: range.count, needle: needleBytes)
                    }
                }
            }
        }
        return result
    }

    /// Writes or reads the columns (`IndexFileCoder`), checked against the entries of their pool.
    mutating func transcode(with coder: inout some IndexFileCoder, entries: Int) throws {
        try coder.column(&folded)
        try coder.column(&starts)
        try coder.column(&needsExactSearch)
        try coder.column(&masks)
        guard coder.isReading else { return }
        guard starts.count == entries + 1, needsExactSearch.count == entries, masks.count == entries,
              starts.first == 0, starts.last.map({ Int($0) == folded.count }) ?? false,
              zip(starts, starts.dropFirst()).allSatisfy({ $0 <= $1 }) else {
            throw IndexFileProblem.corrupt("a text table's columns disagree")
        }
    }
}
