/// Why the config's fulfilment promise was refused, as one sentence for the user.
public struct FulfilmentPromiseError: Error, Hashable, Sendable, CustomStringConvertible {
    public var description: String

    public init(_ description: String) {
        self.description = description
    }
}
