import OrdersCore

extension PostgresOrderStore: DashboardFiguresStore {
    public func dashboardFigures(settings: DashboardSettings) async throws -> DashboardFigures {
        try await database.dashboardFigures(settings: settings)
    }
}
