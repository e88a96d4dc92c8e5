import Foundation
import OrdersCore

/// Where an export is written, for `orders export --output` and the app's export alike.
/// A regular file is written under a temporary name and renamed, so a failed export never
/// leaves half a file; a device or pipe (/dev/stdout, a FIFO) is written in place, because
/// renaming over it would replace the device itself.
enum ExportFile {
    /// Why an export failed, as one sentence for a person.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Opens `path`, lets `produce` write through the given function, and returns what it returns.
    static func write(to path: String, _ produce: (_ write: (String) throws -> Void) async throws -> Int) async throws -> Int {
        let path = HomeFolder.expandingTilde(in: path)
        // Past a file-size limit (`ulimit -f`) the kernel would kill the process with SIGXFSZ;
        // ignored, the write fails with EFBIG instead and is reported like a full disk.
        signal(SIGXFSZ, SIG_IGN)
        if let type = try? FileManager.default.attributesOfItem(atPath: path)[.type] as? FileAttributeType,
           type != .typeRegular {
            guard let handle = FileHandle(forWritingAtPath: path) else {
                throw Failure(description: "Cannot write \(path): \(String(cString: strerror(errno)).lowercased()).")
            }
            defer { try? handle.close() }
            return try await produce { try write($0, to: handle, path: path, inPlace: true) }
        }
        let temporary = path + ".partial-\(ProcessInfo.processInfo.processIdentifier)"
        guard FileManager.default.createFile(atPath: temporary, contents: nil),
              let handle = FileHandle(forWritingAtPath: temporary) else {
            throw Failure(description: "Cannot write \(path): \(String(cString: strerror(errno)).lowercased()); nothing was written.")
        }
        let count: Int
        do {
            defer { try? handle.close() }
            count = try await produce { try write($0, to: handle, path: path, inPlace: false) }
        } catch {
            try? FileManager.default.removeItem(atPath: temporary)
            throw error
        }
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno)).lowercased()
            try? FileManager.default.removeItem(atPath: temporary)
            throw Failure(description: "Cannot write \(path): \(reason); nothing was written.")
        }
        return count
    }

    private static func write(_ text: String, to handle: FileHandle, path: String, inPlace: Bool) throws {
        do {
            try handle.write(contentsOf: Data(text.utf8))
        } catch {
            let outcome = inPlace ? "the export stopped part way" : "\(path) was left as it was"
            throw Failure(description: "Cannot write \(path): \(reason(for: error)); \(outcome).")
        }
    }

    /// Foundation's error in words: the POSIX reason where there is one.
    static func reason(for error: Error) -> String {
        let error = error as NSError
        var code = error.domain == NSPOSIXErrorDomain ? Int32(error.code) : 0
        if code == 0, let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            code = Int32(underlying.code)
        }
        switch code {
        case ENOSPC, EDQUOT: return "the disk is full"
        case EFBIG: return "the file reached the size limit for files"
        case 0 where error.domain == NSCocoaErrorDomain && error.code == CocoaError.fileWriteOutOfSpace.rawValue:
            return "the disk is full or the file reached its size limit"
        case 0: return "the file could not be written"
        default: return String(cString: strerror(code)).lowercased()
        }
    }
}
