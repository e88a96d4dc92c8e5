import TermRender

/// A hidden hook for the end-to-end tests of fatal signals: started with
/// `ORDERS_TEST_FAULT=KIND` in its environment (segv, bus, ill, fpe, abrt, trap,
/// sys or quit), the app raises that real fault when F12 is pressed. Read only
/// at start; without the variable F12 does nothing at all. Deliberately missing
/// from the keymap, the help and `--help`: it is documented in the tests and in
/// the README's reliability section, not for users.
enum TestFaultHook {
    static let variable = "ORDERS_TEST_FAULT"
    static let key = InputEvent.key(KeyPress(.function(12)))

    /// `handle`, with F12 raising the fault named by the environment, if any.
    @MainActor
    static func wrapping(_ handle: @escaping @MainActor (InputEvent) -> Void,
                         environment: [String: String]) -> @MainActor (InputEvent) -> Void {
        guard let name = environment[variable], let fault = InjectedFault(rawValue: name) else { return handle }
        return { event in
            if event == key { fault.trigger() } else { handle(event) }
        }
    }
}
