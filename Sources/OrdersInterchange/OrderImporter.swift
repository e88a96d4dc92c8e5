import Foundation
import OrdersCore
import OrdersStorage

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
        for entry in file.entries where try await stored(entry.order, in: store) != nil {
            let order = entry.order
            let name = order.source == OrderNumber.localSource && !order.id.isProvisional ? order.id.description : order.reference.description
            let written = entry.writtenID == name ? "" : " (written \"\(entry.writtenID)\" here)"
            problems.append(ImportProblem(file: file.name, location: entry.location, field: "id",
                                          problem: "order \(name)\(written) already exists (use --update to replace it)"))
        }
        return problems
    }

    /// The stored order a file's order is: by key, or for a provisional key by source and number.
    private static func stored(_ order: Order, in store: some OrderStore) async throws -> Order? {
        guard order.id.isProvisional else { return try await store.order(order.id) }
        return try await store.orders(numbered: order.reference).first
    }

    /// Gives orders read with provisional keys (numbers that are not local `ORD-` numbers) their
    /// keys in the store: the stored order's key when it has that source and number (so `--update`
    /// replaces it), else new keys above every key in the store and in the file.
    static func withStoreKeys(_ orders: [Order], in store: some OrderStore) async throws -> [Order] {
        guard orders.contains(where: { $0.id.isProvisional }) else { return orders }
        let newest = try await store.orders(matching: OrderQuery(sort: OrderSort(.id, ascending: false)),
                                            page: PageRequest(offset: 0, limit: 1)).orders.first
        var next = max(newest?.id.number ?? 0, orders.map(\.id.number).max() ?? 0) + 1
        var result = orders
        for index in result.indices where result[index].id.isProvisional {
            if let existing = try await store.orders(numbered: result[index].reference).first {
                result[index].id = existing.id
            } else {
                result[index].id = OrderID(next)
                next += 1
            }
        }
        return result
    }

    /// Writes every order in one transaction. Without `replacingExisting` an order the
    /// store already has is an error, named at its line, and nothing is written. The team's
    /// rules run on the orders as they arrive (or change, when replaced), written with them.
    public static func write(_ file: ImportFile, into store: some OrderStore, replacingExisting: Bool, actor: String,
                             at date: Date = Date()) async throws {
        let orders = try await withStoreKeys(file.orders, in: store)
        let rules = try await StoreRuleBook.load(from: store, now: date)
        if !rules.isEmpty {
            try await write(orders, of: file, into: store, replacingExisting: replacingExisting, actor: actor,
                            rules: rules, at: date)
            return
        }
        if replacingExisting {
            try await store.upsert(orders, actor: actor)
            return
        }
        do {
            // Inserted first and looked up only when refused: one lookup per order would
            // double the time of a large import that has no clash.
            try await store.insert(orders)
        } catch OrderStoreError.duplicateNumber(let reference) {
            let existing = try await existingOrders(in: file, store: store)
            throw ImportError(problems: existing.isEmpty
                ? [ImportProblem(file: file.name, location: .file, field: "id", problem: "order \(reference) already exists (use --update to replace it)")]
                : existing)
        } catch OrderStoreError.duplicateID(let id) {
            // The insert is one transaction, so nothing was written; name every clash at its line.
            let existing = try await existingOrders(in: file, store: store)
            throw ImportError(problems: existing.isEmpty
                ? [ImportProblem(file: file.name, location: .file, field: "id", problem: "order \(id) already exists (use --update to replace it)")]
                : existing)
        }
    }

    /// `write` when the store has rules: which orders are stored already is asked first (one query
    /// per source), so each order's rules run on its arrival or its change, and the orders and what
    /// the rules did are written in one transaction (`upsert` with their history).
    private static func write(_ orders: [Order], of file: ImportFile, into store: some OrderStore, replacingExisting: Bool,
                              actor: String, rules: RuleBook, at date: Date) async throws {
        let stored = Set(try await store.orders(numberedAmong: orders.map(\.reference)).map(\.id))
        if !replacingExisting, !stored.isEmpty {
            throw ImportError(problems: try await existingOrders(in: file, store: store))
        }
        var rules = rules
        var orders = orders
        var audit: [AuditEntry] = []
        for index in orders.indices {
            let isNew = !stored.contains(orders[index].id)
            let event: RuleEvent = isNew ? .arrive : .change
            guard rules.hasRules(for: event) else { continue }
            let history = isNew ? [] : try await store.history(of: orders[index].id)
            audit += rules.apply(to: &orders[index], event: event, history: history, at: date).entries
        }
        try await store.upsert(orders, actor: actor, expectedVersions: [:], audit: audit)
        // Written: a turn not recorded only hands the next import's first round-robin order to the
        // same person again, so it does not fail the import (as `ShopImporter`).
        try? await StoreRuleBook.recordTurns(of: rules, in: store)
    }
}
