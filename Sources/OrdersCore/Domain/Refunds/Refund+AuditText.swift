extension Refund {
    /// How the history names a refund: "R1 189.00 EUR: 1 × line 2, shipping 4.90 (damaged in transit)".
    func auditText(in currency: Currency) -> String {
        var parts = ["\(id) \(currency.plainText(amount)) \(currency.code)"]
        var details = lines.map { "\($0.quantity) × line \($0.line + 1)" }
        if shipping > 0 { details.append("shipping \(currency.plainText(shipping))") }
        if restock { details.append("restocked") }
        if !details.isEmpty { parts[0] += ": " + details.joined(separator: ", ") }
        if let reason, !reason.isEmpty { parts.append("(\(reason))") }
        return parts.joined(separator: " ")
    }
}
