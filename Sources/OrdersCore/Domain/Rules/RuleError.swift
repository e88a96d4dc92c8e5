/// Why a rule is refused or cannot be found: one sentence naming the fault.
public struct RuleError: Error, Hashable, Sendable, CustomStringConvertible {
    public var description: String

    public init(_ description: String) {
        self.description = description
    }

    package static func notFound(_ name: String) -> RuleError { RuleError("There is no rule named \"\(name)\".") }
    package static func duplicate(_ name: String) -> RuleError {
        RuleError("A rule named \"\(name)\" exists already; change it with `orders rules edit`.")
    }
}
