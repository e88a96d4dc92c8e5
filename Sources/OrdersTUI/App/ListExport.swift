import Foundation
import OrdersCore

/// Writes what the list shows (or just the marked orders) to a file with the
/// same exporter as `orders export`, the format taken from the file's extension.
enum ListExport {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Exports and returns how many orders were written.
    static func run(store: any OrderStore, query: OrderQuery, marked: [OrderID], path: String) async throws -> Int {
        guard let format = OrderFileFormat(fileName: path) else {
            throw Failure(description: "export: name the file .csv or .json")
        }
        var exporter = OrderExporter(format: format)
        var text = exporter.prologue()
        var count = 0
        if marked.isEmpty {
            let pageSize = 5_000
            var offset = 0
            while true {
                let page = try await store.orders(matching: query, page: PageRequest(offset: offset, limit: pageSize))
                text += exporter.text(for: page.orders)
                count += page.orders.count
                offset += page.orders.count
                if page.orders.count < pageSize { break }
            }
        } else {
            let orders = try await fetch(marked, from: store)
            text += exporter.text(for: orders)
            count = orders.count
        }
        text += exporter.epilogue()
        let url = URL(fileURLWithPath: (path as NSString).expandingTildeInPath)
        do {
            try Data(text.utf8).write(to: url, options: .atomic)
        } catch {
            throw Failure(description: "export: cannot write \(url.path): \(error.localizedDescription)")
        }
        return count
    }

    /// The orders, in the given order, skipping any that no longer exist.
    static func fetch(_ ids: [OrderID], from store: any OrderStore) async throws -> [Order] {
        var orders: [Order] = []
        for id in ids {
            if let order = try await store.order(id) { orders.append(order) }
        }
        return orders
    }

    /// The orders as CSV text, for the clipboard.
    static func csv(_ orders: [Order]) -> String {
        var exporter = OrderExporter(format: .csv)
        return exporter.prologue() + exporter.text(for: orders) + exporter.epilogue()
    }
}
