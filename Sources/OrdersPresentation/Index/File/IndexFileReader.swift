import Foundation
import OrdersStorage

/// Reads the index's columns back from a file's mapped bytes, checking every section's count,
/// element size and bounds (after the checksum matched, so a failure here means a bug, not damage;
/// it is still refused rather than trusted). The index's own columns (`IndexColumn`) are left in
/// the mapping and read in place; the few plain arrays (tables' texts, sparse columns) are copied.
struct IndexFileReader: IndexFileCoder {
    let file: MappedIndexFile
    let bytes: UnsafeRawBufferPointer
    private(set) var offset = 0
    var isReading: Bool { true }

    /// Reads `bytes`, which lie inside `file`'s mapping.
    init(file: MappedIndexFile, bytes: UnsafeRawBufferPointer) {
        self.file = file
        self.bytes = bytes
    }

    var isAtEnd: Bool { offset == bytes.count }

    mutating func column<Element: BitwiseCopyable>(_ values: inout [Element]) throws {
        let section = try nextSection(of: Element.self)
        values = [Element](unsafeUninitializedCapacity: section.count) { buffer, initialized in
            if let base = buffer.baseAddress, let from = section.bytes.baseAddress, !section.bytes.isEmpty {
                UnsafeMutableRawPointer(base).copyMemory(from: from, byteCount: section.bytes.count)
            }
            initialized = section.count
        }
    }

    mutating func column<Element: BitwiseCopyable>(_ values: inout IndexColumn<Element>) throws {
        let section = try nextSection(of: Element.self)
        guard let start = section.bytes.baseAddress, !section.bytes.isEmpty else {
            values = IndexColumn()
            return
        }
        guard Int(bitPattern: start) % MemoryLayout<Element>.alignment == 0 else {
            throw IndexFileProblem.corrupt("a column is not aligned for its values")
        }
        values = IndexColumn(mappedFrom: file, start: start, count: section.count)
    }

    /// The next section's header (count, element size) checked against `Element` and the file's
    /// end, and its bytes; the offset moves past them and their padding.
    private mutating func nextSection<Element>(of _: Element.Type) throws -> (count: Int, bytes: UnsafeRawBufferPointer) {
        guard offset + 16 <= bytes.count else { throw IndexFileProblem.corrupt("a column is missing") }
        let count = bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
        let stride = bytes.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self)
        offset += 16
        guard stride == UInt64(MemoryLayout<Element>.stride) else { throw IndexFileProblem.corrupt("a column's element size is not this build's") }
        let (length, overflow) = count.multipliedReportingOverflow(by: stride)
        guard !overflow, length <= UInt64(bytes.count - offset) else { throw IndexFileProblem.corrupt("a column runs past the file") }
        let byteCount = Int(length)
        let section = UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + byteCount])
        offset += byteCount + (8 - byteCount % 8) % 8
        guard offset <= bytes.count else { throw IndexFileProblem.corrupt("a column's padding runs past the file") }
        return (Int(count), section)
    }
}
