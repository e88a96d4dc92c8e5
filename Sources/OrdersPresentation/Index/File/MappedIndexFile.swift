import Foundation
import OrdersStorage

/// An index file mapped read-only into memory, unmapped when the last column reading from it is gone.
///
/// The pages are the kernel's page cache, mapped `MAP_SHARED`: every process that opens the same
/// file reads the same physical pages, so a second operator's `orders` on the database costs only
/// what it changes or builds itself (`IndexColumn` copies a column on its first change).
final class MappedIndexFile: @unchecked Sendable {
    // @unchecked: the mapping is read-only (PROT_READ) for its whole life and never unmapped while
    // a column can still read it (columns hold this object), so sharing it between threads is safe.
    let bytes: UnsafeRawBufferPointer

    /// Maps the whole file at `descriptor`, `size` bytes.
    init(descriptor: Int32, size: Int) throws(IndexFileProblem) {
        guard size > 0, let mapping = mmap(nil, size, PROT_READ, MAP_SHARED, descriptor, 0), mapping != MAP_FAILED else {
            throw .corrupt("it cannot be mapped: \(String(cString: strerror(errno)))")
        }
        bytes = UnsafeRawBufferPointer(start: mapping, count: size)
    }

    deinit {
        if let base = bytes.baseAddress { munmap(UnsafeMutableRawPointer(mutating: base), bytes.count) }
    }
}
