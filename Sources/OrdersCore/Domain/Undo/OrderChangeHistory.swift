/// An order's history read by version, for undo: what each change wrote, which changes are undos
/// and which were undone. Built from the store's audit entries of one order (each with its version).
public struct OrderChangeHistory: Sendable {
    /// Oldest first, as the store keeps them.
    public let entries: [AuditEntry]

    public init(_ entries: [AuditEntry]) {
        self.entries = entries
    }

    /// The entries the change that made `version` wrote.
    func entries(ofVersion version: Int) -> [AuditEntry] {
        entries.filter { $0.version == version }
    }

    /// The version an undo took back, from its `undo` entry; nil for any other change.
    package static func undoneVersion(by entries: [AuditEntry]) -> Int? {
        entries.first { $0.field == AuditEntry.undoField }.flatMap { AuditEntry.undoneVersion(in: $0.newValue) }
    }

    /// The versions some later undo took back.
    var undoneVersions: Set<Int> {
        Set(entries.filter { $0.field == AuditEntry.undoField }.compactMap { AuditEntry.undoneVersion(in: $0.newValue) })
    }

    /// The newest change an operator may take back: not an undo itself, not undone already, and not an
    /// import's replacement of the whole order (which says nothing to put back). Nil when there is none.
    public var latestUndoable: Int? {
        let undone = undoneVersions
        let versions = Set(entries.compactMap(\.version)).sorted(by: >)
        return versions.first { version in
            let written = entries(ofVersion: version)
            return !undone.contains(version) && Self.undoneVersion(by: written) == nil
                && !written.contains { $0.field == AuditEntry.replacedField }
        }
    }
}
