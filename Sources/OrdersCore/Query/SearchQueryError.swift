/// Why a search query could not be understood, with the offending token and
/// where it starts, so the search box can point at it.
public struct SearchQueryError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A short sentence for the status line, e.g. `unknown status "shiped"`.
    public var message: String
    /// The token at fault, as typed.
    public var token: String
    /// Offset of the token in the query, counted in characters from 0.
    public var position: Int

    public init(message: String, token: String, position: Int) {
        self.message = message
        self.token = token
        self.position = position
    }

    public var description: String { message }
}
