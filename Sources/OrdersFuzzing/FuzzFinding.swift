/// An input that broke a property, with what is needed to replay it.
public struct FuzzFinding: Sendable, CustomStringConvertible {
    public var target: String
    public var seed: UInt64
    public var caseIndex: Int
    public var input: [UInt8]
    public var problem: String

    public var description: String {
        "\(target) seed \(seed) case \(caseIndex) (\(input.count) bytes): \(problem)"
    }
}

/// What a run of one target did.
public struct FuzzReport: Sendable {
    public var target: String
    public var casesRun: Int
    public var findings: [FuzzFinding]
}
