import OrdersInterchange

/// The running import as the progress line shows it: a sentence and how much of the bar is full.
extension ImportModel {
    /// "Reading orders_export.csv: 40%, 1200 orders", "Writing: 1200 of 3000 orders"; nil when idle or finished.
    public var progressText: String? {
        guard case .running(let run) = state else { return nil }
        if run.isCancelling { return "Cancelling… nothing will be written" }
        guard let progress = run.progress else { return "Starting…" }
        switch progress.phase {
        case .reading:
            let percent = progress.totalBytes > 0 ? min(100, progress.bytesRead * 100 / progress.totalBytes) : 0
            return "Reading and checking: \(percent)%, \(ShopImportReport.count(progress.orders, "order"))"
        case .writing:
            return "Writing: \(progress.orders) of \(ShopImportReport.count(progress.totalOrders ?? progress.orders, "order"))"
        }
    }

    /// How full the bar is, 0 to 1: the bytes read while reading, the orders written while writing.
    public var progressFraction: Double {
        guard case .running(let run) = state, let progress = run.progress else { return 0 }
        switch progress.phase {
        case .reading:
            return progress.totalBytes > 0 ? Double(progress.bytesRead) / Double(progress.totalBytes) : 0
        case .writing:
            let total = progress.totalOrders ?? progress.orders
            return total > 0 ? Double(progress.orders) / Double(total) : 1
        }
    }
}
