import Foundation

/// A fresh folder per test with a database path inside it; removed at the end.
final class TemporaryDatabase {
    let folder: URL
    var path: String { folder.appendingPathComponent("orders.db").path }

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("orders-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: folder)
    }
}
