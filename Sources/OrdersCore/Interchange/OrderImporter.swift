import Foundation

/// Reads order files and writes their orders to a store, all or nothing.
public enum OrderImporter {
    /// The orders in a file, checked against the domain rules; throws `ImportError`
    /// naming the file, line or index, field and problem of everything wrong.
    public static func read(path: String, format: OrderFileFormat? = nil) throws(ImportError) -> [Order] {
        let name = (path as NSString).lastPathComponent
        guard let format = format ?? OrderFileFormat(fileName: path) else {
            throw ImportError(problems: [ImportProblem(file: name, location: .file, field: nil,
                                                       problem: "has an unknown extension (expected .csv or .json)")])
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ImportError(problems: [ImportProblem(file: name, location: .file, field: nil,
                                                       problem: "cannot be read (missing or not permitted)")])
        }
        return try decode([UInt8](data), format: format, fileName: name)
    }

    public static func decode(_ bytes: [UInt8], format: OrderFileFormat, fileName: String) throws(ImportError) -> [Order] {
        switch format {
        case .csv: try OrderCSV.decode(bytes, fileName: fileName)
        case .json: try OrderJSON.decode(bytes, fileName: fileName)
        }
    }

    /// The ids among `orders` that the store already holds.
    public static func existingIDs(of orders: [Order], in store: some OrderStore) async throws -> [OrderID] {
        var existing: [OrderID] = []
        for order in orders where try await store.order(order.id) != nil { existing.append(order.id) }
        return existing
    }

    /// Writes every order in one transaction. Without `replacingExisting` an id the
    /// store already has is an error and nothing is written.
    public static func write(_ orders: [Order], into store: some OrderStore, replacingExisting: Bool, actor: String,
                             fileName: String) async throws {
        if replacingExisting {
            try await store.upsert(orders, actor: actor)
            return
        }
        do {
            try await store.insert(orders)
        } catch OrderStoreError.duplicateID(let id) {
            throw ImportError(problems: [ImportProblem(file: fileName, location: .file, field: "id",
                                                       problem: "order \(id) already exists (use --update to replace it)")])
        }
    }
}
