/// By which door a change to an order came in. The actor says who (an operator's name, `rule:NAME`);
/// the source says how: an operator's own action, a file they imported, a rule, or a shop pulled.
/// The store that writes an entry knows its door and stamps it (`AuditEntry.stamped(writtenBy:)`).
public enum AuditSource: String, Hashable, Sendable, CaseIterable {
    /// A person's action: a key in the app, a command such as `orders tag`, an undo.
    case `operator`
    /// A file read by `orders import` (or the app's import dialog).
    case `import`
    /// A team rule, in reply to an order arriving or changing; its actor is `rule:NAME`.
    case rule
    /// A connected shop's orders brought in by `orders sync` or the app.
    case shop

    /// The source of an entry written through `door`: a rule's entries (actor `rule:NAME`,
    /// `Rule.actorPrefix`, the name every rule writes under) are the rule's, whichever door carried them.
    public static func of(actor: String, door: AuditSource) -> AuditSource {
        actor.hasPrefix(Rule.actorPrefix) ? .rule : door
    }

    /// The source a store read for an entry by `actor`: NULL (written before sources were kept) is
    /// the rule's for a rule's actor and unknown (nil) for anyone else's, rather than a guess.
    public static func stored(_ text: String?, actor: String) -> AuditSource? {
        if let text { return AuditSource(rawValue: text) }
        return actor.hasPrefix(Rule.actorPrefix) ? .rule : nil
    }

    /// The words after the actor's name in a history line, where the name alone does not say the
    /// door: an operator's own action and a rule's (`rule:NAME`) need none.
    public var doorWords: String? {
        switch self {
        case .operator, .rule: nil
        case .import: "via import"
        case .shop: "via shop sync"
        }
    }
}

extension AuditEntry {
    /// Who made the change, with the door when the name does not say it: `mia`, `mia via import`.
    public var who: String {
        guard let words = source?.doorWords else { return actor }
        return actor + " " + words
    }
}
