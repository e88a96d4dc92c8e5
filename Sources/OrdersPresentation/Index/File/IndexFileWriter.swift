import Foundation

/// Writes the index's columns straight from their arrays to a file descriptor (no copy of the
/// whole index in memory), each section as (count, stride) and its bytes padded to eight, while
/// summing the checksum over exactly what was written.
struct IndexFileWriter: IndexFileCoder {
    let descriptor: Int32
    private(set) var checksum = IndexFileChecksum()
    private(set) var written: Int64 = 0
    var isReading: Bool { false }

    init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    mutating func column<Element: BitwiseCopyable>(_ values: inout [Element]) throws {
        try values.withUnsafeBufferPointer { try write(column: $0) }
    }

    mutating func column<Element: BitwiseCopyable>(_ values: inout IndexColumn<Element>) throws {
        try values.withUnsafeBufferPointer { try write(column: $0) }
    }

    /// A section: its count and element size, then its bytes padded to eight.
    private mutating func write<Element: BitwiseCopyable>(column values: UnsafeBufferPointer<Element>) throws {
        let section: [UInt64] = [UInt64(values.count), UInt64(MemoryLayout<Element>.stride)]
        try section.withUnsafeBytes { try write($0) }
        let bytes = UnsafeRawBufferPointer(values)
        // The checksum runs over whole 8-byte words, as the reader sums the mapped file: the last
        // partial word is summed together with its zero padding.
        let whole = bytes.count - bytes.count % 8
        checksum.add(UnsafeRawBufferPointer(rebasing: bytes[0..<whole]))
        try Self.writeAll(bytes, to: descriptor)
        if whole < bytes.count {
            var tail = [UInt8](bytes[whole...])
            let padding = 8 - tail.count
            tail += [UInt8](repeating: 0, count: padding)
            try tail.withUnsafeBytes { padded in
                checksum.add(padded)
                try Self.writeAll(UnsafeRawBufferPointer(rebasing: padded[(8 - padding)...]), to: descriptor)
            }
        }
        written += Int64(bytes.count + (8 - bytes.count % 8) % 8)
    }

    private mutating func write(_ bytes: UnsafeRawBufferPointer) throws {
        checksum.add(bytes)
        try Self.writeAll(bytes, to: descriptor)
        written += Int64(bytes.count)
    }

    static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) throws {
        guard var pointer = bytes.baseAddress else { return }
        var remaining = bytes.count
        while remaining > 0 {
            let count = Foundation.write(descriptor, pointer, remaining)
            if count < 0 {
                if errno == EINTR { continue }
                throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
            }
            pointer += count
            remaining -= count
        }
    }
}
