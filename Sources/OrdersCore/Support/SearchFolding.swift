import Foundation

/// The one definition of "matches, ignoring case and accents" used everywhere:
/// by the in-memory search, by the SQLite store's stored search keys, and by the
/// query language. "José" and "JOSE" both fold to "jose"; "Müller" to "muller";
/// CJK text is unchanged and so matches by substring.
public enum SearchFolding {
    public static func fold(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
            .lowercased()
            .precomposedStringWithCanonicalMapping
    }
}
