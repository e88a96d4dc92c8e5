import Foundation
import OrdersCore

/// What the full-screen app needs to start.
struct InteractiveLaunch {
    var databasePath: String
    var openOrder: OrderID?
}

/// Runs the full-screen app until the user quits; returns the exit status.
@MainActor
func runInteractiveApp(_ launch: InteractiveLaunch) async throws -> Int32 {
    // Replaced by the real app when the terminal runtime lands.
    FileHandle.standardError.write(Data("orders: the full-screen app is not built yet\n".utf8))
    return 1
}
