import Foundation
import OrdersStorage

/// The list's index as a file beside the database: a header (`IndexFileHeader`) and every column
/// of `OrderIndex` (`OrderIndex.transcode(with:)`). Written whole to a temporary file, synced and
/// renamed over the old one, so a crash leaves either the old file or the new one, never half of
/// one; read by mapping it (`mmap`, read-only) and checking it whole before anything is used.
enum IndexFile {
    /// Writes the index atomically: temporary file, every byte, `fsync`, `rename`.
    static func write(_ index: OrderIndex, mark: IndexMark, to path: String) throws {
        removeAbandonedTemporaries(of: path)
        let temporary = path + ".tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        var renamed = false
        defer {
            if !renamed { unlink(temporary) }
        }
        do {
            defer { close(descriptor) }
            // The header goes last, once the columns' length and checksum are known.
            try [UInt8](repeating: 0, count: IndexFileHeader.size).withUnsafeBytes { try IndexFileWriter.writeAll($0, to: descriptor) }
            var writer = IndexFileWriter(descriptor: descriptor)
            var columns = index
            try columns.transcode(with: &writer)
            let header = IndexFileHeader(mark: mark, rowCount: Int64(index.count), payloadLength: writer.written,
                                         payloadChecksum: writer.checksum.value).encoded()
            guard lseek(descriptor, 0, SEEK_SET) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
            try header.withUnsafeBytes { try IndexFileWriter.writeAll($0, to: descriptor) }
            guard fsync(descriptor) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        }
        guard rename(temporary, path) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        renamed = true
    }

    /// Removes temporary files of writes whose process is gone (it quit or crashed mid-write: the
    /// rename never happened, so the file was never trusted, but it would take room for good).
    static func removeAbandonedTemporaries(of path: String) {
        let folder = (path as NSString).deletingLastPathComponent
        let prefix = (path as NSString).lastPathComponent + ".tmp-"
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.isEmpty ? "." : folder) else { return }
        for name in names where name.hasPrefix(prefix) {
            guard let pid = Int32(name.dropFirst(prefix.count).prefix { $0 != "-" }) else { continue }
            if pid != getpid(), kill(pid, 0) != 0, errno == ESRCH {
                unlink((folder.isEmpty ? "" : folder + "/") + name)
            }
        }
    }

    /// The file opened for reading and its size; a file that is not there is `.missing`, one that
    /// cannot be opened or examined is `.corrupt` with the reason. The caller closes the descriptor.
    private static func openForReading(_ path: String) throws(IndexFileProblem) -> (descriptor: Int32, size: Int) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            if errno == ENOENT { throw .missing }
            throw .corrupt("it cannot be opened: \(String(cString: strerror(errno)))")
        }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            close(descriptor)
            throw .corrupt("it cannot be read")
        }
        return (descriptor, Int(status.st_size))
    }

    /// The header alone (128 bytes read, the length checked against the file's): enough to ask the
    /// store whether the file is this database's and how far behind it is, before reading the rest.
    static func readHeader(from path: String) throws(IndexFileProblem) -> IndexFileHeader {
        let (descriptor, size) = try openForReading(path)
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: IndexFileHeader.size)
        let count = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, IndexFileHeader.size, 0) }
        guard count == IndexFileHeader.size else { throw .truncated }
        let header: IndexFileHeader
        do {
            header = try bytes.withUnsafeBytes { try IndexFileHeader(decoding: $0) }
        } catch let problem as IndexFileProblem {
            throw problem
        } catch {
            throw .corrupt("\(error)")
        }
        guard header.payloadLength >= 0, Int64(size) - Int64(IndexFileHeader.size) == header.payloadLength else { throw .truncated }
        return header
    }

    /// Maps the file and reads the index and the mark it was written at, after checking its
    /// header, length and every byte's checksum. Whether the mark fits the database is the
    /// caller's to ask the store (`IndexFileStore.changes(since:)`).
    static func read(from path: String) throws(IndexFileProblem) -> (index: OrderIndex, mark: IndexMark) {
        let (descriptor, size) = try openForReading(path)
        defer { close(descriptor) }
        guard size >= IndexFileHeader.size else { throw .truncated }
        // Kept mapped by the columns read from it (`IndexColumn`), unmapped when the last is gone.
        let file = try MappedIndexFile(descriptor: descriptor, size: size)
        let bytes = file.bytes
        let header = try IndexFileHeader(decoding: bytes)
        guard header.payloadLength >= 0, Int64(size - IndexFileHeader.size) == header.payloadLength else { throw .truncated }
        let payload = UnsafeRawBufferPointer(rebasing: bytes[IndexFileHeader.size...])
        var checksum = IndexFileChecksum()
        checksum.add(payload)
        guard checksum.value == header.payloadChecksum else { throw .corrupt("its columns do not match their checksum") }
        var reader = IndexFileReader(file: file, bytes: payload)
        var index = OrderIndex()
        do {
            try index.transcode(with: &reader)
        } catch let problem as IndexFileProblem {
            throw problem
        } catch {
            throw .corrupt("\(error)")
        }
        guard reader.isAtEnd, Int64(index.count) == header.rowCount else { throw .corrupt("its columns do not add up to its rows") }
        return (index, header.mark)
    }
}
