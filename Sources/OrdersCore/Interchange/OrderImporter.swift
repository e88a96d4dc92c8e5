import Foundation

/// Reads order files and writes their orders to a store, all or nothing.
public enum OrderImporter {
    /// The orders in a file, checked against the domain rules; throws `ImportError`
    /// naming the file, line or index, field and problem of everything wrong.
    public static func read(path: String, format: OrderFileFormat? = nil, options: ImportOptions = .strict)
        throws(ImportError) -> ImportFile {
        let name = (path as NSString).lastPathComponent
        guard let format = format ?? OrderFileFormat(fileName: path) else {
            throw ImportError(problems: [ImportProblem(file: name, location: .file, field: nil,
                                                       problem: "has an unknown extension (expected .csv or .json)")])
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ImportError(problems: [ImportProblem(file: name, location: .file, field: nil,
                                                       problem: "cannot be read (missing or not permitted)")])
        }
        return try read([UInt8](data), format: format, fileName: name, options: options)
    }

    public static func read(_ bytes: [UInt8], format: OrderFileFormat, fileName: String,
                            options: ImportOptions = .strict) throws(ImportError) -> ImportFile {
        switch format {
        case .csv: try OrderCSV.read(bytes, fileName: fileName, options: options)
        case .json: try OrderJSON.read(bytes, fileName: fileName, options: options)
        }
    }

    public static func decode(_ bytes: [UInt8], format: OrderFileFormat, fileName: String,
                              options: ImportOptions = .strict) throws(ImportError) -> [Order] {
        try read(bytes, format: format, fileName: fileName, options: options).orders
    }

    /// One problem for each order of the file the store already holds, at the order's
    /// line or index. Order numbers are compared as numbers, so `ORD-1` in the file
    /// is the stored `ORD-0000001`.
    public static func existingOrders(in file: ImportFile, store: some OrderStore) async throws -> [ImportProblem] {
        var problems: [ImportProblem] = []
        for entry in file.entries where try await store.order(entry.order.id) != nil {
            let written = entry.writtenID == entry.order.id.description ? "" : " (written \"\(entry.writtenID)\" here)"
            problems.append(ImportProblem(file: file.name, location: entry.location, field: "id",
                                          problem: "order \(entry.order.id)\(written) already exists (use --update to replace it)"))
        }
        return problems
    }

    /// Writes every order in one transaction. Without `replacingExisting` an order the
    /// store already has is an error, named at its line, and nothing is written.
    public static func write(_ file: ImportFile, into store: some OrderStore, replacingExisting: Bool, actor: String) async throws {
        if replacingExisting {
            try await store.upsert(file.orders, actor: actor)
            return
        }
        do {
            // Inserted first and looked up only when refused: one lookup per order would
            // double the time of a large import that has no clash.
            try await store.insert(file.orders)
        } catch OrderStoreError.duplicateID(let id) {
            // The insert is one transaction, so nothing was written; name every clash at its line.
            let existing = try await existingOrders(in: file, store: store)
            throw ImportError(problems: existing.isEmpty
                ? [ImportProblem(file: file.name, location: .file, field: "id", problem: "order \(id) already exists (use --update to replace it)")]
                : existing)
        }
    }
}
