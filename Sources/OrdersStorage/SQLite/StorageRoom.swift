import Foundation

/// Whether a failed write ran out of room: the disk (or the user's quota) is nearly full,
/// or the database's files have reached the process's file size limit (`ulimit -f`).
/// SQLite reports only some of these as SQLITE_FULL; a write refused outright is a plain
/// I/O error, and its errno is gone by the time the error reaches us, so we look.
enum StorageRoom {
    /// Less free space than this counts as full: SQLite writes whole pages and log frames.
    static let minimumFreeBytes: UInt64 = 1 << 20

    static func isExhausted(forDatabaseAt path: String) -> Bool {
        let folder = (path as NSString).deletingLastPathComponent
        var stats = statvfs()
        if statvfs(folder.isEmpty ? "." : folder, &stats) == 0,
           UInt64(stats.f_bavail) * UInt64(stats.f_frsize) < minimumFreeBytes {
            return true
        }
        var limit = rlimit()
        // rlim_t.max is RLIM_INFINITY (Swift imports the macro as an overflowing literal).
        guard getrlimit(Int32(RLIMIT_FSIZE.rawValue), &limit) == 0, limit.rlim_cur != rlim_t.max else { return false }
        let largest = ["", "-wal", "-shm"].compactMap { suffix in
            (try? FileManager.default.attributesOfItem(atPath: path + suffix)[.size] as? UInt64) ?? nil
        }.max() ?? 0
        return largest + minimumFreeBytes >= UInt64(limit.rlim_cur)
    }
}
