import Foundation

/// The bytes of `ShopFileChunks`, a piece at a time: from a file handle, or from memory.
enum PieceSource {
    /// `start`: bytes peeked at and not yet handed out.
    case file(FileHandle, start: [UInt8]?)
    case memory([UInt8], offset: Int = 0)

    static func memory(_ bytes: [UInt8]) -> PieceSource { .memory(bytes, offset: 0) }

    /// Up to `count` bytes from the start, which `read` hands out again; a later, longer peek
    /// reads on from where the last one stopped.
    mutating func peek(_ count: Int) throws -> [UInt8] {
        switch self {
        case .file(let handle, let start):
            var bytes = start ?? []
            if bytes.count < count { bytes += [UInt8](try handle.read(upToCount: count - bytes.count) ?? Data()) }
            self = .file(handle, start: bytes)
            return Array(bytes.prefix(count))
        case .memory(let bytes, let offset):
            return Array(bytes[offset..<min(bytes.count, offset + count)])
        }
    }

    /// The next piece of up to `count` bytes; empty at the end.
    mutating func read(_ count: Int) throws -> [UInt8] {
        switch self {
        case .file(let handle, let start):
            if let start, !start.isEmpty {
                self = .file(handle, start: nil)
                return start
            }
            let piece = [UInt8](try handle.read(upToCount: count) ?? Data())
            if piece.isEmpty { try? handle.close() }
            return piece
        case .memory(let bytes, let offset):
            let end = min(bytes.count, offset + count)
            self = .memory(bytes, offset: end)
            return Array(bytes[offset..<end])
        }
    }
}
