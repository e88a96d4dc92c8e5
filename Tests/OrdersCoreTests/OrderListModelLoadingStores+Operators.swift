@testable import OrdersCore

// The loading tests' wrapping stores answer who the operators are from their real in-memory store.

extension GatedScanStore {
    var databaseUser: String { base.databaseUser }
    func operators() async throws -> [String] { try await base.operators() }
}

extension FailingScanStore {
    var databaseUser: String { base.databaseUser }
    func operators() async throws -> [String] { try await base.operators() }
}

extension LockedWriteStore {
    var databaseUser: String { base.databaseUser }
    func operators() async throws -> [String] { try await base.operators() }
}
