import Foundation
import OrdersStorage

extension OrderListModel {
    /// Starts watching the store for changes, then loads every order.
    public func start() {
        startObservingChanges()
        load()
    }

    /// Loads the list from the source that fits the store (`ListSourceChoice`): the indexed source
    /// shows a first page at once and builds the full index in the background, with progress in
    /// `loadingState`; the served source reads the first window and the counts.
    public func load() {
        loadTask?.cancel()
        loadingState = .loading(loaded: 0, total: nil)
        loadTask = environment.work.onMain { [weak self] in
            await self?.performLoad()
        }
    }

    private func performLoad() async {
        do {
            let chosen = try await ListSourceChoice.source(for: self, current: source)
            if chosen !== source {
                // The store crossed the serving threshold since the last load: the other source takes over.
                source.cancelWork()
                source = chosen
            }
            try await source.load()
        } catch is CancellationError {
            return
        } catch {
            loadingState = .failed("Could not load orders: \(error)")
            errorMessage = "Could not load orders: \(error)"
            return
        }
        // The header's "demo data": a database that cannot say stays unmarked (nothing is lost
        // by not saying it; the orders are shown either way).
        if let seeded = store as? any DemoSeedStore { demoSeedCount = try? await seeded.demoSeedCount() }
        // After the list, which must not wait for it: only completing names needs the operators.
        do {
            storeOperators = try await store.operators()
        } catch is CancellationError {
            return
        } catch OrderStoreError.unreachable {
            // The connection notice already says the server is away, and the reload after the
            // reconnect (`.reloadAll`) reads the names again: a second sentence would only hide it.
            return
        } catch {
            errorMessage = "Could not read the team's operators: \(error)"
        }
    }
}
