/// The operators a store has seen, as every store returns them from `operators()`.
enum OperatorNames {
    /// Distinct, without empty names, sorted case-insensitively (then bytewise, so two
    /// spellings of one name keep a fixed order): the same list whichever backend read it.
    static func sorted(_ names: some Sequence<String>) -> [String] {
        Set(names.filter { !$0.isEmpty }).sorted { left, right in
            let (foldedLeft, foldedRight) = (left.lowercased(), right.lowercased())
            return foldedLeft != foldedRight ? foldedLeft < foldedRight : left < right
        }
    }
}
