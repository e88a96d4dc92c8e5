/// Folds texts as `SearchFolding` does, paying for Foundation's folding (microseconds per string) once
/// per distinct non-ASCII text: ASCII takes a fast path (lowercasing is all its folding does). A large
/// import folds millions of strings and the dashboard recounts the top customers and SKUs, both
/// meeting the same names, SKUs and titles again and again. The memo is emptied past 100,000 texts.
struct FoldMemo {
    private var folded: [String: String] = [:]

    mutating func fold(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            return String(decoding: text.utf8.map { (0x41...0x5A).contains($0) ? $0 + 0x20 : $0 }, as: UTF8.self)
        }
        if let known = folded[text] { return known }
        let result = SearchFolding.fold(text)
        if folded.count > 100_000 { folded.removeAll(keepingCapacity: true) }
        folded[text] = result
        return result
    }
}
