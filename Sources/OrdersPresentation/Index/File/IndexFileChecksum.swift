/// The index file's checksum: every byte of the header and the columns, eight bytes at a time
/// (a multiply-xorshift mix, the step of well-known 64-bit hashes). Cheap enough to check every
/// byte of a million-order file at open (about 150 MiB in a few tens of milliseconds), so a
/// flipped byte anywhere is found rather than sampled; it guards against damage, not against
/// someone forging a file on purpose (who could as well edit the database).
struct IndexFileChecksum {
    private(set) var value: UInt64 = 0x6F72_6465_7273_2131

    /// Adds bytes whose count is a multiple of eight (the file pads every section to eight).
    mutating func add(_ bytes: UnsafeRawBufferPointer) {
        var state = value
        var offset = 0
        let end = bytes.count - bytes.count % 8
        while offset < end {
            state = (state ^ bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* 0x9E37_79B9_7F4A_7C15
            state ^= state >> 29
            offset += 8
        }
        for position in end..<bytes.count {
            state = (state ^ UInt64(bytes[position])) &* 0x9E37_79B9_7F4A_7C15
        }
        value = state
    }
}
