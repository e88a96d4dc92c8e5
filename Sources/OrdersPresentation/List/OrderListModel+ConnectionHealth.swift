import Foundation
import OrdersStorage

extension OrderListModel {
    /// Follows the store's connection health when it has one (`ConnectionHealthReporting`:
    /// PostgreSQL), for the status bar. The catch-up after a reconnection comes on the change
    /// feed (`.reloadAll`), so this only says what is going on.
    func startObservingConnectionHealth() {
        guard healthTask == nil, let reporting = store as? any ConnectionHealthReporting else { return }
        let stream = reporting.connectionHealth()
        healthTask = environment.work.following { [weak self] in
            for await health in stream {
                guard let self else { return }
                self.connectionHealthChanged(health)
            }
        }
    }

    func stopObservingConnectionHealth() {
        healthTask?.cancel()
        healthTask = nil
        reconnectedTimer?.cancel()
        reconnectedTimer = nil
    }

    private func connectionHealthChanged(_ health: DatabaseConnectionHealth) {
        switch health {
        case .unreachable:
            reconnectedTimer?.cancel()
            reconnectedTimer = nil
            connectionNotice = .unreachable
        case .connected:
            // The first report of a healthy store says nothing new.
            guard connectionNotice == .unreachable else { return }
            connectionNotice = .reconnected
            let shownFor = environment.reconnectedNoticeDuration, sleep = environment.sleep
            reconnectedTimer = environment.work.timer { [weak self] in
                try? await sleep(.seconds(shownFor))
                guard !Task.isCancelled, let self, self.connectionNotice == .reconnected else { return }
                self.connectionNotice = nil
            }
        }
    }

    /// The status bar's words about the connection, nil when there is nothing to say.
    public var connectionText: String? { connectionNotice?.text }
}
