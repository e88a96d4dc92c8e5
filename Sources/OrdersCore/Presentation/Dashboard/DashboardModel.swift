import Observation

/// The dashboard's state: the last figures computed, and whether newer ones are on the way.
///
/// `refresh(orders:settings:)` computes off the main actor (a million orders take a while), so the
/// screen keeps showing the last figures, marked as updating, until the new ones arrive; a refresh
/// asked for while another runs wins, and the older result is dropped.
@MainActor
@Observable
public final class DashboardModel {
    /// The latest figures, nil before the first computation ends.
    public private(set) var figures: DashboardFigures?
    /// A computation is running; `figures` (if any) are from before it.
    public private(set) var isUpdating = false

    @ObservationIgnored private var generation = 0
    @ObservationIgnored private var task: Task<Void, Never>?

    public init() {}

    /// Computes the figures for `orders` under `settings` off the main actor, then shows them.
    public func refresh(orders: [Order], settings: DashboardSettings) {
        generation += 1
        let current = generation
        isUpdating = true
        task?.cancel()
        task = Task { [weak self] in
            let figures = await Task.detached(priority: .userInitiated) {
                DashboardFigures.compute(orders: orders, settings: settings)
            }.value
            guard let self, current == self.generation else { return }
            self.figures = figures
            self.isUpdating = false
        }
    }

    /// Waits until the latest refresh has been shown (for tests and benchmarks).
    public func waitForRefresh() async {
        while let task {
            let running = generation
            await task.value
            if running == generation { break }
        }
    }
}
