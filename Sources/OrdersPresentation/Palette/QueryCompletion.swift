import OrdersCore

/// Completing the word being typed at the end of a search query: a keyword (`SearchKeyword`), a
/// status after `status:`, a name after `assignee:`. The one home for both places a query is
/// typed with completion: the palette's `:filter` and the rules screen's query field.
public enum QueryCompletion {
    /// One completion: the whole query after accepting it, and the word offered.
    public struct Candidate: Hashable, Sendable {
        public var query: String
        public var title: String
    }

    /// The completions of `query`'s last word, best first; `operators` are the team's names.
    public static func candidates(for query: String, operators: [String]) -> [Candidate] {
        let words = query.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        let last = words.last ?? ""
        let before = words.dropLast().map { $0 + " " }.joined()
        let negation = last.hasPrefix("-") ? "-" : ""
        let word = last.dropFirst(negation.count)
        /// The candidates matching `typed`, best first; `written` is how an accepted one is typed.
        func offer(_ names: [String], prefix: String, typed: String, written: (String) -> String = { $0 }) -> [Candidate] {
            names.compactMap { name in FuzzyMatch.score(typed, name).map { (name, $0) } }
                .enumerated().sorted { $0.element.1 != $1.element.1 ? $0.element.1 > $1.element.1 : $0.offset < $1.offset }
                .map { Candidate(query: prefix + written($0.element.0), title: $0.element.0) }
        }
        if word.lowercased().hasPrefix("status:") {
            let typed = word.dropFirst("status:".count).split(separator: ",", omittingEmptySubsequences: false)
            let chosen = typed.dropLast().map { $0 + "," }.joined()
            return offer(OrderStatus.allCases.map(\.rawValue), prefix: before + negation + "status:" + chosen,
                         typed: String(typed.last ?? ""))
        }
        if word.lowercased().hasPrefix("assignee:") {
            return offer(["none"] + operators, prefix: before + negation + "assignee:",
                         typed: String(word.dropFirst("assignee:".count)), written: SearchQueryParser.quotedIfNeeded)
        }
        guard !word.isEmpty, !word.contains(":"), !word.contains(">"), !word.contains("<") else { return [] }
        return SearchKeyword.allCompletions.filter { $0.hasPrefix(word.lowercased()) }
            .map { Candidate(query: before + negation + $0, title: $0) }
    }
}
