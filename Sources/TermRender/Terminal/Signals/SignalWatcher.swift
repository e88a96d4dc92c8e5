import Dispatch
import Glibc

/// Delivers signals as ordinary callbacks on a Dispatch queue.
///
/// Each watched signal's disposition is set to "ignore" first, so neither the
/// default action (terminate, stop) nor ncurses' own handlers run; the
/// previous dispositions come back with `cancel()`, so child processes and the
/// rest of the program see what they expect.
final class SignalWatcher: @unchecked Sendable {
    // @unchecked: the sources and saved dispositions are written in init and
    // read in cancel(), both on the thread that owns the watcher.
    private var sources: [DispatchSourceSignal] = []
    private var previous: [(Int32, sighandler_t?)] = []

    init(signals: [Int32], queue: DispatchQueue, handler: @escaping @Sendable (Int32) -> Void) {
        for signalNumber in signals {
            previous.append((signalNumber, signal(signalNumber, SIG_IGN)))
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: queue)
            source.setEventHandler { handler(signalNumber) }
            source.resume()
            sources.append(source)
        }
    }

    /// Stops watching and restores the previous dispositions.
    func cancel() {
        for source in sources { source.cancel() }
        sources.removeAll()
        for (signalNumber, disposition) in previous.reversed() { signal(signalNumber, disposition) }
        previous.removeAll()
    }

    deinit { cancel() }
}
