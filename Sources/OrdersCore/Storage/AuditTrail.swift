/// Helpers both stores use to turn an audit trail into a conflict report.
enum AuditTrail {
    /// The distinct fields changed by the given entries, in the order they first changed.
    static func changedFields(in entries: some Sequence<AuditEntry>) -> [String] {
        var seen = Set<String>()
        var fields: [String] = []
        for entry in entries where seen.insert(entry.field).inserted {
            fields.append(entry.field)
        }
        return fields
    }
}
