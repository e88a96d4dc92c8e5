import Foundation
import OrdersStorage

/// The first 128 bytes of an index file: what it is, which database and change it was written
/// from, how long its columns are and their checksum, and a checksum of the header itself.
struct IndexFileHeader: Equatable {
    static let size = 128
    static let magic = Array("ORDSIDX\u{0}".utf8)
    /// Bumped whenever the columns' layout changes (a new column, another encoding): a file of
    /// another version is rebuilt, never read.
    static let formatVersion: UInt32 = 2
    /// Written as a native integer: a file from a machine of the other byte order reads differently.
    static let byteOrderMark: UInt32 = 0x0102_0304
    static let identityCapacity = 64

    var formatVersion = Self.formatVersion
    var mark: IndexMark
    var rowCount: Int64
    var payloadLength: Int64
    var payloadChecksum: UInt64

    func encoded() -> [UInt8] {
        var bytes = Self.magic
        func append<T: FixedWidthInteger>(_ value: T) {
            withUnsafeBytes(of: value) { bytes.append(contentsOf: $0) }
        }
        append(formatVersion)
        append(Self.byteOrderMark)
        append(Int64(mark.schemaVersion))
        append(mark.sequence)
        append(rowCount)
        append(payloadLength)
        append(payloadChecksum)
        let identity = Array(mark.identity.utf8.prefix(Self.identityCapacity))
        bytes += identity + [UInt8](repeating: 0, count: Self.identityCapacity - identity.count)
        var checksum = IndexFileChecksum()
        bytes.withUnsafeBytes { checksum.add($0) }
        append(checksum.value)
        return bytes
    }

    /// Reads and checks a header (magic, byte order, version, its own checksum).
    init(decoding bytes: UnsafeRawBufferPointer) throws(IndexFileProblem) {
        guard bytes.count >= Self.size else { throw .truncated }
        guard bytes.prefix(8).elementsEqual(Self.magic) else { throw .corrupt("it does not start as an index file") }
        func load<T: FixedWidthInteger>(_ offset: Int, as type: T.Type) -> T { bytes.loadUnaligned(fromByteOffset: offset, as: T.self) }
        var checksum = IndexFileChecksum()
        checksum.add(UnsafeRawBufferPointer(rebasing: bytes[0..<Self.size - 8]))
        guard checksum.value == load(Self.size - 8, as: UInt64.self) else { throw .corrupt("its header does not match its checksum") }
        guard load(12, as: UInt32.self) == Self.byteOrderMark else { throw .otherVersion("written on a machine of another byte order") }
        formatVersion = load(8, as: UInt32.self)
        guard formatVersion == Self.formatVersion else {
            throw .otherVersion("format \(formatVersion); this orders writes format \(Self.formatVersion)")
        }
        let identityBytes = bytes[56..<56 + Self.identityCapacity].prefix { $0 != 0 }
        mark = IndexMark(identity: String(decoding: identityBytes, as: UTF8.self), sequence: load(24, as: Int64.self),
                         schemaVersion: Int(load(16, as: Int64.self)))
        rowCount = load(32, as: Int64.self)
        payloadLength = load(40, as: Int64.self)
        payloadChecksum = load(48, as: UInt64.self)
    }

    init(mark: IndexMark, rowCount: Int64, payloadLength: Int64, payloadChecksum: UInt64) {
        self.mark = mark
        self.rowCount = rowCount
        self.payloadLength = payloadLength
        self.payloadChecksum = payloadChecksum
    }
}
