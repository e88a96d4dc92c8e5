/// An action the order's rules (or its history) refuse, with the reason in words: one shape for every
/// such action, named by the action (`#1001: cannot refund: nothing is left to refund`). The action is
/// a type, so a function can say which refusal it throws (`throws(RefundError)`).
public struct OrderRefusal<Action: RefusedAction>: Error, Hashable, Sendable, CustomStringConvertible {
    /// The order's number as shown (`#1001`).
    public var number: String
    public var reason: String

    public init(number: String, reason: String) {
        self.number = number
        self.reason = reason
    }

    public var description: String { "\(number): cannot \(Action.verb): \(reason)" }
}

/// An action an order may refuse: its verb, as the refusal says it.
public protocol RefusedAction: Sendable {
    static var verb: String { get }
}

public enum Fulfilling: RefusedAction { public static let verb = "fulfil" }
public enum Refunding: RefusedAction { public static let verb = "refund" }
public enum Undoing: RefusedAction { public static let verb = "undo" }

/// Fulfilling chosen lines (or taking that back) refused by the order's rules.
public typealias FulfilmentError = OrderRefusal<Fulfilling>
/// A refund the order's rules refuse.
public typealias RefundError = OrderRefusal<Refunding>
/// An undo the order's history or its state since refuses.
public typealias UndoError = OrderRefusal<Undoing>
