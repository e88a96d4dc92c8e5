extension AuditEntry {
    /// What happened, as one word a script can switch on (`orders history --format json`, `orders show
    /// --format json`): the field and which way it moved, e.g. a tags entry with only a new value is
    /// `tag_added`. A field not named here is its own kind.
    public var kind: String {
        let adds = newValue != nil
        switch field {
        case "status": return "status_changed"
        case "payment": return "payment_changed"
        case "fulfillment": return "fulfillment_changed"
        case "fulfilled_lines": return adds ? "shipped" : "shipment_cancelled"
        case "refunds": return adds ? "refunded" : "refund_reversed"
        case "cancel_reason": return adds ? "cancel_reason_set" : "cancel_reason_cleared"
        case "closed": return newValue == "true" ? "closed" : "reopened"
        case "flagged": return newValue == "true" ? "flagged" : "unflagged"
        case "tags": return adds ? "tag_added" : "tag_removed"
        case "notes": return adds ? "note_added" : "note_removed"
        case "assignee": return adds ? "assigned" : "unassigned"
        case Self.replacedField: return source == .shop ? "replaced_by_shop" : "replaced_by_import"
        case Self.undoField: return "undone"
        default: return field
        }
    }
}
