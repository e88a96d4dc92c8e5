/// Scores how well typed letters match a candidate, for completion: a prefix
/// beats a contiguous match, which beats letters in order with gaps; nil when
/// the letters do not all appear in order.
enum FuzzyMatch {
    static func score(_ typed: String, _ candidate: String) -> Int? {
        let typed = typed.lowercased(), candidate = candidate.lowercased()
        if typed.isEmpty { return 0 }
        if candidate.hasPrefix(typed) { return 300 - candidate.count }
        if candidate.contains(typed) { return 200 - candidate.count }
        var remaining = Substring(typed)
        var gaps = 0
        for character in candidate {
            if character == remaining.first {
                remaining = remaining.dropFirst()
                if remaining.isEmpty { return 100 - gaps }
            } else if remaining.count < typed.count {
                gaps += 1
            }
        }
        return nil
    }
}
