import Foundation

/// A new temporary file only this user can read (`mkstemps`: mode 0600, a name no one else
/// can have taken): a note on its way to the editor, orders on their way to a command.
enum PrivateTemporaryFile {
    /// Writes `text` to a new file named `orders-PREFIX-XXXXXX.SUFFIX` in the temporary folder
    /// (the suffix tells editors and pagers what the file holds).
    static func write(_ text: String, prefix: String, suffix: String) throws -> URL {
        let path = FileManager.default.temporaryDirectory.path + "/orders-\(prefix)-XXXXXX.\(suffix)"
        var template = Array(path.utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemps($0.baseAddress!, Int32(suffix.utf8.count + 1)) }
        guard descriptor >= 0 else { throw CocoaError(.fileWriteUnknown) }
        let created = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        try handle.write(contentsOf: Data(text.utf8))
        try handle.close()
        return URL(fileURLWithPath: created)
    }
}
