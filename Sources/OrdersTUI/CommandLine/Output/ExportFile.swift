import Foundation

/// Where an export is written, for `orders export --output` and the app's export alike.
/// A regular file is written under a temporary name and renamed, so a failed export never
/// leaves half a file; a device or pipe (/dev/stdout, a FIFO) is written in place, because
/// renaming over it would replace the device itself.
enum ExportFile {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Opens `path`, lets `produce` write through the given function, and returns what it returns.
    static func write(to path: String, _ produce: (_ write: (String) throws -> Void) async throws -> Int) async throws -> Int {
        let path = (path as NSString).expandingTildeInPath
        if let type = try? FileManager.default.attributesOfItem(atPath: path)[.type] as? FileAttributeType,
           type != .typeRegular {
            guard let handle = FileHandle(forWritingAtPath: path) else { throw Failure(description: "cannot write \(path)") }
            defer { try? handle.close() }
            return try await produce { try handle.write(contentsOf: Data($0.utf8)) }
        }
        let temporary = path + ".partial-\(ProcessInfo.processInfo.processIdentifier)"
        guard FileManager.default.createFile(atPath: temporary, contents: nil),
              let handle = FileHandle(forWritingAtPath: temporary) else {
            throw Failure(description: "cannot write \(path)")
        }
        let count: Int
        do {
            defer { try? handle.close() }
            count = try await produce { try handle.write(contentsOf: Data($0.utf8)) }
        } catch {
            try? FileManager.default.removeItem(atPath: temporary)
            throw error
        }
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(atPath: temporary)
            throw Failure(description: "cannot write \(path): \(reason)")
        }
        return count
    }
}
