/// Delivers input to the right handler: the focused responder first, then its
/// ancestors, then the app-wide handler; an unhandled Tab or Shift-Tab then
/// moves focus.
///
/// Responders are identified by `FocusID` and form a tree through their parent
/// links; only focusable ones are in the Tab order, in registration order
/// unless `setFocusOrder` says otherwise.
@MainActor
public final class KeyRouter {
    public typealias Handler = @MainActor (InputEvent) -> EventDisposition

    private struct Responder {
        var parent: FocusID?
        var isFocusable: Bool
        var handler: Handler
    }

    private var responders: [FocusID: Responder] = [:]
    private var registrationOrder: [FocusID] = []
    private var explicitOrder: [FocusID]?
    /// Which responder has focus, and the Tab order.
    public private(set) var focusChain = FocusChain()
    /// Called for events no responder handled: the app-wide keymap.
    public var appHandler: Handler?

    public init() {}

    /// The focused responder, if any.
    public var focused: FocusID? { focusChain.focused }

    /// Adds or replaces a responder. A focusable one joins the Tab order.
    public func register(_ id: FocusID, parent: FocusID? = nil, focusable: Bool = true,
                         handler: @escaping Handler) {
        if responders[id] == nil { registrationOrder.append(id) }
        responders[id] = Responder(parent: parent, isFocusable: focusable, handler: handler)
        refreshChain()
    }

    /// Removes a responder; focus moves on if it had it.
    public func unregister(_ id: FocusID) {
        responders[id] = nil
        registrationOrder.removeAll { $0 == id }
        refreshChain()
    }

    /// Sets the Tab order explicitly (ids not registered are skipped).
    public func setFocusOrder(_ order: [FocusID]?) {
        explicitOrder = order
        refreshChain()
    }

    /// Focuses `id`; false if it is not a registered focusable responder.
    @discardableResult
    public func focus(_ id: FocusID) -> Bool {
        focusChain.focus(id)
    }

    public func focusNext() { focusChain.focusNext() }
    public func focusPrevious() { focusChain.focusPrevious() }

    /// The focused responder and its ancestors, innermost first.
    public var responderPath: [FocusID] {
        var path: [FocusID] = []
        var next = focused
        while let id = next, !path.contains(id), let responder = responders[id] {
            path.append(id)
            next = responder.parent
        }
        return path
    }

    /// Routes one event; returns whether anything handled it.
    @discardableResult
    public func route(_ event: InputEvent) -> EventDisposition {
        for id in responderPath {
            if let responder = responders[id], responder.handler(event) == .handled { return .handled }
        }
        if let appHandler, appHandler(event) == .handled { return .handled }
        switch event {
        case .key(KeyPress(.tab, modifiers: [])):
            focusNext()
            return .handled
        case .key(KeyPress(.backTab, modifiers: [])):
            focusPrevious()
            return .handled
        default:
            return .ignored
        }
    }

    private func refreshChain() {
        let base = explicitOrder ?? registrationOrder
        focusChain.setOrder(base.filter { responders[$0]?.isFocusable == true })
    }
}
