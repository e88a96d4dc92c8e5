extension RuleAction {
    /// The action as a person says it, for the app's rules screen: `tag wholesale`, `assign to ana`,
    /// `assign in turn to lena, jonas`, `hold: high risk`, `flag`, `note: call first`.
    public var words: String {
        switch self {
        case .tag(let tag): "tag \(tag)"
        case .assign(let person): "assign to \(person)"
        case .assignRoundRobin(let people): "assign in turn to \(people.joined(separator: ", "))"
        case .hold(let reason): "hold: \(reason)"
        case .flag: "flag"
        case .note(let text): "note: \(text)"
        }
    }
}

extension AuditEntry {
    /// The change as one line, as `orders rules test` and the app's trial show it:
    /// `assignee: none → ana`, `tags: + wholesale`, `notes: + On hold: check`.
    public var changeInWords: String {
        switch (oldValue, newValue) {
        case (nil, let new?): "\(field): + \(new)"
        case (let old?, nil): "\(field): − \(old)"
        default: "\(field): \(oldValue ?? "none") → \(newValue ?? "none")"
        }
    }
}
