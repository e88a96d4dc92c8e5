import Dispatch
import Glibc

/// Reads the terminal's raw bytes when they arrive and hands decoded events
/// over in batches, one batch per wake-up.
///
/// Idle costs nothing: a Dispatch read source sleeps until the kernel reports
/// input, and the only timer is the one-shot escape/paste timeout, armed while
/// the decoder holds an ambiguous prefix. Reads never block: only as many bytes
/// as `FIONREAD` reports are read, so the descriptor's flags (shared with the
/// shell) are left untouched.
@MainActor
final class TerminalInputReader: InputSource {
    private let descriptor: Int32
    private var decoder = InputDecoder()
    private var source: DispatchSourceRead?
    private var timeout: DispatchWorkItem?
    private var buffer = [UInt8](repeating: 0, count: 16 * 1024)
    private var deliver: @MainActor ([InputEvent]) -> Void = { _ in }
    private var hangup: @MainActor () -> Void = {}

    /// - Parameters:
    ///   - deliver: receives each batch of events, in order.
    ///   - hangup: called once when the terminal is gone (EOF or EIO).
    convenience init(descriptor: Int32, deliver: @escaping @MainActor ([InputEvent]) -> Void,
                     hangup: @escaping @MainActor () -> Void) {
        self.init(descriptor: descriptor)
        self.deliver = deliver
        self.hangup = hangup
    }

    /// A reader of `descriptor` that delivers to the closures given to `start(deliver:hangup:)`.
    init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    func start(deliver: @escaping @MainActor ([InputEvent]) -> Void, hangup: @escaping @MainActor () -> Void) {
        self.deliver = deliver
        self.hangup = hangup
        start()
    }

    func start() {
        guard source == nil else { return }
        let source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: .main)
        source.setEventHandler { [weak self] in
            MainActor.assumeIsolated { self?.readAvailableInput() }
        }
        source.resume()
        self.source = source
    }

    func stop() {
        source?.cancel()
        source = nil
        timeout?.cancel()
        timeout = nil
    }

    /// Reads and delivers the bytes the terminal already holds, without waiting for the read
    /// source's wake-up (which may come after other work queued on the main actor).
    func deliverWaitingInput() {
        guard source != nil else { return }
        var available: Int32 = 0
        guard ioctl(descriptor, UInt(FIONREAD), &available) == 0, available > 0 else { return }
        readAvailableInput()
    }

    /// Drains everything readable now, decodes it, and delivers one batch.
    private func readAvailableInput() {
        var events: [InputEvent] = []
        var terminalGone = false
        var rounds = 0
        // Bounded so a flood of input cannot starve rendering and timers.
        while rounds < 64 {
            rounds += 1
            var available: Int32 = 0
            if ioctl(descriptor, UInt(FIONREAD), &available) != 0 { available = 0 }
            if available <= 0 {
                // Readable with nothing to read is end-of-file or an error; a
                // spurious wake-up has nothing readable at all.
                guard rounds == 1, isReadableNow() else { break }
                available = 1
            }
            let count = min(Int(available), buffer.count)
            let received = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, count) }
            if received > 0 {
                events += decoder.decode(buffer[..<received])
            } else if received < 0, errno == EINTR || errno == EAGAIN {
                break
            } else {
                terminalGone = true
                break
            }
        }
        rescheduleTimeout()
        if !events.isEmpty { deliver(events) }
        if terminalGone {
            stop()
            hangup()
        }
    }

    private func isReadableNow() -> Bool {
        var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&poller, 1, 0) > 0 && poller.revents != 0
    }

    /// A lone ESC (or an unfinished paste) is resolved when no byte follows in time.
    private func rescheduleTimeout() {
        timeout?.cancel()
        timeout = nil
        guard decoder.hasPendingInput else { return }
        let delay = decoder.isReadingPaste ? InputDecoder.pasteTimeout : InputDecoder.escapeTimeout
        let item = DispatchWorkItem { [weak self] in
            MainActor.assumeIsolated { self?.resolvePendingInput() }
        }
        timeout = item
        DispatchQueue.main.asyncAfter(deadline: .now() + .nanoseconds(Int(delay.totalNanoseconds)), execute: item)
    }

    private func resolvePendingInput() {
        timeout = nil
        let events = decoder.flush()
        if !events.isEmpty { deliver(events) }
    }
}
