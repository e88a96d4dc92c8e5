import OrdersCore
import OrdersStorage

/// Writes orders as CSV or JSON text, a batch at a time, so exporting a large
/// database never holds all of it in memory.
public struct OrderExporter {
    public let format: OrderFileFormat
    /// Whether CSV fields keep control characters (`orders export`) or show them as the screen does.
    public let text: ExportText
    private var wroteAny = false

    public init(format: OrderFileFormat, text: ExportText = .lossless) {
        self.format = format
        self.text = text
    }

    /// What goes before the first order.
    public func prologue() -> String {
        switch format {
        case .csv: OrderCSV.header()
        case .json: "["
        }
    }

    /// The text for these orders, to follow what was written before.
    public mutating func text(for orders: [Order]) -> String {
        var text = ""
        for order in orders {
            switch format {
            case .csv:
                text += OrderCSV.rows(for: order, text: self.text)
            case .json:
                text += (wroteAny ? ",\n  " : "\n  ") + OrderJSON.object(for: order)
            }
            wroteAny = true
        }
        return text
    }

    /// What goes after the last order.
    public func epilogue() -> String {
        switch format {
        case .csv: ""
        case .json: wroteAny ? "\n]\n" : "]\n"
        }
    }

    /// Streams every order of the store, in id order, to `write`.
    public static func export(_ store: some OrderStore, format: OrderFileFormat, batchSize: Int = 5_000,
                              write: (String) throws -> Void) async throws -> Int {
        var exporter = OrderExporter(format: format)
        var count = 0
        try write(exporter.prologue())
        for try await batch in store.scanAll(batchSize: batchSize) {
            try write(exporter.text(for: batch))
            count += batch.count
        }
        try write(exporter.epilogue())
        return count
    }

    /// Writes the orders matching `query`, in its sort order, up to `limit`: what
    /// `orders list` and the list screen show for the same query. Returns how many.
    public static func export(_ store: some OrderStore, format: OrderFileFormat, query: OrderQuery, limit: Int? = nil,
                              text: ExportText = .lossless, write: (String) throws -> Void) async throws -> Int {
        var exporter = OrderExporter(format: format, text: text)
        try write(exporter.prologue())
        let (count, _) = try await store.forEachPage(matching: query, limit: limit) { try write(exporter.text(for: $0)) }
        try write(exporter.epilogue())
        return count
    }
}
