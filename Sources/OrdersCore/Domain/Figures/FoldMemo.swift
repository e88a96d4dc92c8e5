/// Folds texts as `SearchFolding` does, paying for Foundation's folding once per distinct non-ASCII text
/// (ASCII folds on a fast path already): recounting the top customers and SKUs meets the same names,
/// SKUs and titles thousands of times.
struct FoldMemo {
    private var folded: [String: String] = [:]

    mutating func fold(_ text: String) -> String {
        if let known = folded[text] { return known }
        let result = FastFolding.fold(text)
        if !text.utf8.allSatisfy({ $0 < 0x80 }) { folded[text] = result }
        return result
    }
}
