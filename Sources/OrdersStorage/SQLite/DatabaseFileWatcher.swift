import Dispatch
import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Calls back shortly after another process writes to a database file, without polling.
///
/// On Linux it watches the database's folder with inotify and reacts to writes to
/// the database or its `-wal` file. A commit is a burst of writes, so a callback
/// comes 25 ms after the burst, plus a few more up to 6 s later: the WAL index update
/// that makes a commit visible is done through shared memory, which inotify does
/// not report, and on a loaded machine the writer may be descheduled between its
/// last file write and that update for longer than a single late check waits.
/// Elsewhere it falls back to checking once a second.
final class DatabaseFileWatcher: Sendable {
    // Dispatch sources may be resumed and cancelled from any thread (Dispatch
    // guarantees it); corelibs-dispatch just does not mark them Sendable.
    nonisolated(unsafe) private let source: any DispatchSourceProtocol

    init(databasePath: String, onChange: @escaping @Sendable () -> Void) {
        let queue = DispatchQueue(label: "orders.sqlite.watch")
        #if os(Linux)
        let debouncer = Debouncer(queue: queue, action: onChange)
        if let source = Self.inotifySource(for: databasePath, queue: queue, onEvent: { debouncer.trigger() }) {
            self.source = source
            source.resume()
            return
        }
        #endif
        let timer = DispatchSource.makeTimerSource(queue: queue)
        timer.schedule(deadline: .now() + 1, repeating: 1)
        timer.setEventHandler { onChange() }
        source = timer
        timer.resume()
    }

    deinit {
        source.cancel()
    }

    func cancel() {
        source.cancel()
    }

    /// Turns a burst of file events into one call soon after, and a few more later.
    private final class Debouncer: Sendable {
        /// After the first call, the late checks for a commit made visible only in shared memory.
        /// Each costs the caller one cheap "did anything change?" query, and only after writes.
        private static let lateChecks: [DispatchTimeInterval] = [.milliseconds(500), .seconds(2), .seconds(6)]

        private struct State {
            var scheduled = false
            /// Counts bursts, so only the latest burst's late checks run.
            var burst = 0
        }

        private let state = Mutex(State())
        private let queue: DispatchQueue
        private let action: @Sendable () -> Void

        init(queue: DispatchQueue, action: @escaping @Sendable () -> Void) {
            self.queue = queue
            self.action = action
        }

        func trigger() {
            let first = state.withLock { state in
                defer { state.scheduled = true }
                return !state.scheduled
            }
            guard first else { return }
            queue.asyncAfter(deadline: .now() + .milliseconds(25)) { [self] in
                let burst = state.withLock { state in
                    state.scheduled = false
                    state.burst &+= 1
                    return state.burst
                }
                action()
                for delay in Self.lateChecks {
                    queue.asyncAfter(deadline: .now() + delay) { [self] in
                        // A newer burst has late checks of its own.
                        if state.withLock({ $0.burst }) == burst { action() }
                    }
                }
            }
        }
    }

    #if os(Linux)
    /// A read source on an inotify descriptor watching the database's folder.
    private static func inotifySource(for databasePath: String, queue: DispatchQueue,
                                      onEvent: @escaping @Sendable () -> Void) -> (any DispatchSourceRead)? {
        let url = URL(fileURLWithPath: databasePath)
        let folder = url.deletingLastPathComponent().path
        let name = url.lastPathComponent
        let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else { return nil }
        let mask = UInt32(IN_MODIFY | IN_CLOSE_WRITE | IN_CREATE | IN_MOVED_TO)
        guard inotify_add_watch(descriptor, folder, mask) >= 0 else {
            close(descriptor)
            return nil
        }
        let source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: queue)
        source.setEventHandler {
            if drainEvents(descriptor, concerning: name) { onEvent() }
        }
        source.setCancelHandler { close(descriptor) }
        return source
    }

    /// Reads every pending event; true if any concerned the database or its WAL.
    private static func drainEvents(_ descriptor: Int32, concerning name: String) -> Bool {
        var relevant = false
        let bufferSize = 16 * 1024
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: bufferSize, alignment: 8)
        defer { buffer.deallocate() }
        while true {
            let count = read(descriptor, buffer, bufferSize)
            if count <= 0 { break }
            var offset = 0
            let headerSize = MemoryLayout<inotify_event>.size
            while offset + headerSize <= count {
                let event = buffer.load(fromByteOffset: offset, as: inotify_event.self)
                let nameLength = Int(event.len)
                if nameLength > 0 {
                    let namePointer = buffer.advanced(by: offset + headerSize).assumingMemoryBound(to: CChar.self)
                    let eventName = String(cString: namePointer)
                    if eventName == name || eventName == name + "-wal" { relevant = true }
                }
                offset += headerSize + nameLength
            }
        }
        return relevant
    }
    #endif
}
