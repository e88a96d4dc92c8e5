import Foundation
import OrdersCore

/// A store that computes the dashboard's figures itself, with grouped queries over every order it
/// holds, so a list served by the server (`ServerListStore`) gets its dashboard without reading every
/// order. The answer equals `DashboardFigures.compute(index:settings:)` over the same orders, each
/// figure with the same query (`DashboardFigures.assemble` makes both).
public protocol DashboardFiguresStore: OrderStore {
    /// The figures of every order the store holds under `settings` (its moment, days and promise).
    func dashboardFigures(settings: DashboardSettings) async throws -> DashboardFigures
}
