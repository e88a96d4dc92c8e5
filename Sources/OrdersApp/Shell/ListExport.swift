import Foundation
import OrdersCore
import OrdersInterchange
import OrdersStorage

/// Writes what the list shows (or just the marked orders) to a file with the
/// same exporter as `orders export`, the format taken from the file's extension.
/// Unlike `orders export` (lossless, for re-import), what the app writes or copies shows control
/// characters as the screen does: a person pastes it or `cat`s it into a terminal.
enum ListExport {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Exports and returns how many orders were written.
    static func run(store: any OrderStore, query: OrderQuery, marked: [OrderID], path: String,
                    writeFile: AppServices.FileWriter) async throws -> Int {
        guard let format = OrderFileFormat(fileName: path) else {
            throw Failure(description: "export: name the file .csv or .json")
        }
        do {
            return try await writeFile(path) { write in
                guard !marked.isEmpty else {
                    return try await OrderExporter.export(store, format: format, query: query, text: .neutralized, write: write)
                }
                let orders = try await fetch(marked, from: store)
                try write(document(orders, format: format))
                return orders.count
            }
        } catch let failure as Failure {
            throw failure
        } catch {
            throw Failure(description: "export: \(error)")
        }
    }

    /// The orders, in the given order, skipping any that no longer exist.
    static func fetch(_ ids: [OrderID], from store: any OrderStore) async throws -> [Order] {
        var orders: [Order] = []
        for id in ids {
            if let order = try await store.order(id) { orders.append(order) }
        }
        return orders
    }

    /// The orders as one whole CSV or JSON document (CSV is what the clipboard gets).
    static func document(_ orders: [Order], format: OrderFileFormat = .csv) -> String {
        var exporter = OrderExporter(format: format, text: .neutralized)
        return exporter.prologue() + exporter.text(for: orders) + exporter.epilogue()
    }
}
