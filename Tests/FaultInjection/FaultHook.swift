import Glibc
import TermRender

/// The fault hook of the end-to-end tests of fatal signals, in front of the app's input in the
/// test program `OrdersFaulty` only (never in `orders`): started with `ORDERS_TEST_FAULT=KIND`
/// in its environment, the app acts on F12: segv, bus, ill, fpe, abrt, trap, sys or quit raise
/// that real fault (`InjectedFault`); `hang` blocks the main thread for good, to show that
/// signals still end the app. Read only at start; without the variable F12 does nothing.
public enum FaultHook {
    public static let variable = "ORDERS_TEST_FAULT"
    static let key = InputEvent.key(KeyPress(.function(12)))
    static let hang = "hang"

    /// `handle`, with F12 doing what the environment asks, if anything.
    @MainActor
    public static func wrapping(_ handle: @escaping @MainActor (InputEvent) -> Void,
                                environment: [String: String]) -> @MainActor (InputEvent) -> Void {
        guard let name = environment[variable] else { return handle }
        let action: @MainActor () -> Void
        if name == hang {
            action = { while true { sleep(3600) } }
        } else if let fault = InjectedFault(rawValue: name) {
            action = { fault.trigger() }
        } else {
            return handle
        }
        return { event in
            if event == key { action() } else { handle(event) }
        }
    }
}
