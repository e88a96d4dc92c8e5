import Foundation

/// Reads the index's columns back from a file's mapped bytes, checking every section's count,
/// element size and bounds (after the checksum matched, so a failure here means a bug, not damage;
/// it is still refused rather than trusted).
struct IndexFileReader: IndexFileCoder {
    let bytes: UnsafeRawBufferPointer
    private(set) var offset = 0
    var isReading: Bool { true }

    init(bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }

    var isAtEnd: Bool { offset == bytes.count }

    mutating func column<Element: BitwiseCopyable>(_ values: inout [Element]) throws {
        guard offset + 16 <= bytes.count else { throw IndexFileProblem.corrupt("a column is missing") }
        let count = bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
        let stride = bytes.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self)
        offset += 16
        guard stride == UInt64(MemoryLayout<Element>.stride) else { throw IndexFileProblem.corrupt("a column's element size is not this build's") }
        let (length, overflow) = count.multipliedReportingOverflow(by: stride)
        guard !overflow, length <= UInt64(bytes.count - offset) else { throw IndexFileProblem.corrupt("a column runs past the file") }
        let byteCount = Int(length), elementCount = Int(count)
        let source = UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + byteCount])
        values = [Element](unsafeUninitializedCapacity: elementCount) { buffer, initialized in
            if let base = buffer.baseAddress, let from = source.baseAddress, byteCount > 0 {
                UnsafeMutableRawPointer(base).copyMemory(from: from, byteCount: byteCount)
            }
            initialized = elementCount
        }
        offset += byteCount + (8 - byteCount % 8) % 8
        guard offset <= bytes.count else { throw IndexFileProblem.corrupt("a column's padding runs past the file") }
    }
}
