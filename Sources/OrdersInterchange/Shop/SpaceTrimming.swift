import Foundation

extension StringProtocol where UTF8View: BidirectionalCollection {
    /// The text without spaces and tabs at either end: exactly `trimmingCharacters(in: .whitespaces)`
    /// (tab and Unicode's space separators), which the shop readers ask of every address part, tag
    /// and list item. Nearly all of them begin and end with an ASCII byte that is neither, and then
    /// nothing is trimmed: told from the two end bytes, without Foundation's bridge, which was a
    /// tenth of an import's CPU. Only text with other ends goes through Foundation.
    var trimmingSpaces: String {
        let utf8 = self.utf8
        guard let first = utf8.first, let last = utf8.last else { return "" }
        if first < 0x80, last < 0x80, first != 0x20, first != 0x09, last != 0x20, last != 0x09 { return String(self) }
        return trimmingCharacters(in: .whitespaces)
    }
}
