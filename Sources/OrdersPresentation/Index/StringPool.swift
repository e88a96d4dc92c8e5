import OrdersStorage

/// Distinct strings stored once, their UTF-8 back to back, with a hash table over them laid out as
/// plain integers, so a pool read from an index file is used in place in the shared mapping: finding
/// a string hashes its bytes and compares a few entries, and no process builds a dictionary or a
/// `[String]` of every entry at launch.
///
/// Entry i is `bytes[starts[i]..<starts[i+1]]`. The hash table (`slots`) uses open addressing with
/// linear probing: a slot holds entry + 1, or 0 when free; its size is a power of two at least twice
/// the entries. The hash (`StringPool.hash`) is fixed, never seeded per process, because the table
/// is written by one process and read by others.
struct StringPool: Sendable {
    private(set) var bytes: IndexColumn<UInt8> = []
    private(set) var starts: IndexColumn<UInt32> = [0]
    private(set) var slots: IndexColumn<UInt32> = []

    init() {}

    var count: Int { starts.count - 1 }

    /// True while the pool is read in place from a mapped index file.
    var isMapped: Bool { starts.isMapped }

    /// Bytes this process holds for the pool (none while it is read from the mapping).
    var ownedByteCount: Int { bytes.ownedByteCount + starts.ownedByteCount + slots.ownedByteCount }

    /// One pool of `first`'s entries, then `second`'s (entry numbers of `second` move up by `first.count`).
    init(joining first: StringPool, _ second: StringPool) {
        bytes = first.bytes
        bytes.append(contentsOf: second.bytes)
        starts = first.starts
        let offset = UInt32(first.bytes.count)
        starts.append(contentsOf: second.starts.dropFirst().map { $0 + offset })
        rehash(capacity: Self.capacity(for: count))
    }

    /// The smallest power of two of at least twice `entries` slots (and at least 16).
    private static func capacity(for entries: Int) -> Int {
        var capacity = 16
        while capacity < entries * 2 { capacity *= 2 }
        return capacity
    }

    func range(_ entry: Int) -> Range<Int> { Int(starts[entry])..<Int(starts[entry + 1]) }

    func string(_ entry: Int) -> String {
        bytes.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[range(entry)]), as: UTF8.self) }
    }

    /// The entry holding exactly these bytes, if any.
    func entry(of utf8: some Collection<UInt8>) -> UInt32? {
        guard !slots.isEmpty else { return nil }
        let mask = slots.count - 1
        var position = Int(truncatingIfNeeded: Self.hash(utf8)) & mask
        return bytes.withUnsafeBufferPointer { pool in
            slots.withUnsafeBufferPointer { slots in
                // At most half the slots are taken, so a free one ends every probe.
                while true {
                    let stored = slots[position]
                    if stored == 0 { return nil }
                    let entry = Int(stored - 1)
                    if UnsafeBufferPointer(rebasing: pool[range(entry)]).elementsEqual(utf8) { return UInt32(entry) }
                    position = (position + 1) & mask
                }
            }
        }
    }

    func entry(of text: String) -> UInt32? { entry(of: text.utf8) }

    /// For each entry, whether it equals the text as Swift compares strings (canonical equivalence,
    /// the reference's `==`): bytes decide between ASCII strings, `String` the rest.
    func entriesEqual(to text: String) -> [Bool] {
        let wanted = Array(text.utf8)
        let wantedIsASCII = wanted.allSatisfy { $0 < 0x80 }
        return bytes.withUnsafeBufferPointer { pool in
            (0..<count).map { entry in
                let stored = UnsafeBufferPointer(rebasing: pool[range(entry)])
                if stored.elementsEqual(wanted) { return true }
                if wantedIsASCII, stored.allSatisfy({ $0 < 0x80 }) { return false }
                return String(decoding: stored, as: UTF8.self) == text
            }
        }
    }

    /// Adds a string the pool does not hold yet (`entry(of:)` said nil) and returns its entry.
    mutating func append(_ utf8: some Collection<UInt8>) -> UInt32 {
        let entry = UInt32(count)
        bytes.append(contentsOf: utf8)
        starts.append(UInt32(bytes.count))
        if count * 2 > slots.count {
            rehash(capacity: Self.capacity(for: count))
        } else {
            insert(entry, hash: Self.hash(utf8))
        }
        return entry
    }

    private mutating func insert(_ entry: UInt32, hash: UInt64) {
        let mask = slots.count - 1
        var position = Int(truncatingIfNeeded: hash) & mask
        while slots[position] != 0 { position = (position + 1) & mask }
        slots[position] = entry + 1
    }

    /// A hash table of `capacity` slots (a power of two) over every entry.
    private mutating func rehash(capacity: Int) {
        slots = IndexColumn(repeating: 0, count: capacity)
        for entry in 0..<count {
            let hash = bytes.withUnsafeBufferPointer { Self.hash(UnsafeBufferPointer(rebasing: $0[range(entry)])) }
            insert(UInt32(entry), hash: hash)
        }
    }

    /// FNV-1a over the bytes: the same in every process and on every run.
    static func hash(_ utf8: some Sequence<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        // FNV's low bits mix poorly for short keys; fold the high half in before masking.
        return hash ^ (hash >> 32)
    }
}

extension StringPool: Equatable {
    /// The same strings under the same entries (the hash table's size may differ).
    static func == (lhs: StringPool, rhs: StringPool) -> Bool {
        lhs.starts == rhs.starts && lhs.bytes == rhs.bytes
    }
}

extension StringPool {
    /// Writes or reads the pool's columns (`IndexFileCoder`); a pool read is checked whole, so a
    /// lookup never reads outside its columns.
    mutating func transcode(with coder: inout some IndexFileCoder) throws {
        try coder.column(&bytes)
        try coder.column(&starts)
        try coder.column(&slots)
        guard coder.isReading else { return }
        try checkAfterReading()
    }

    private func checkAfterReading() throws {
        guard let first = starts.first, first == 0, let last = starts.last, Int(last) == bytes.count,
              zip(starts, starts.dropFirst()).allSatisfy({ $0 <= $1 }) else {
            throw IndexFileProblem.corrupt("a string pool's offsets disagree with its bytes")
        }
        let capacity = slots.count
        guard capacity == 0 ? count == 0 : capacity & (capacity - 1) == 0 && count * 2 <= capacity,
              slots.allSatisfy({ Int($0) <= count }), slots.count(where: { $0 != 0 }) == count else {
            throw IndexFileProblem.corrupt("a string pool's hash table does not fit its entries")
        }
    }
}
