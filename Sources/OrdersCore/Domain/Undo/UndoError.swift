/// An undo the order's history or its state since refuses, with the reason in words.
public struct UndoError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The order's number as shown (`#1001`).
    public var number: String
    public var reason: String

    public init(number: String, reason: String) {
        self.number = number
        self.reason = reason
    }

    public var description: String { "\(number): cannot undo: \(reason)" }
}
