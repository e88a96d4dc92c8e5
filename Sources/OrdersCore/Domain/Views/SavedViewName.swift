import Foundation

/// The rules for a view's name, in one place: what may be a name and when two names are the same.
public enum SavedViewName {
    /// The longest name; a tab longer than this would crowd out every other tab.
    public static let maximumLength = 40

    /// The name with surrounding spaces removed, or why it cannot be one.
    public static func validated(_ name: String) throws(SavedViewError) -> String {
        let trimmed = name.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { throw .invalidName("a view needs a name") }
        guard trimmed.count <= maximumLength else {
            throw .invalidName("a view's name is at most \(maximumLength) characters long")
        }
        // Control, escape and bidi characters would reach the tab bar; names are typed, so refuse them.
        guard !trimmed.unicodeScalars.contains(where: { $0.properties.generalCategory == .control
            || $0.properties.generalCategory == .format }) else {
            throw .invalidName("a view's name cannot hold control or formatting characters")
        }
        return trimmed
    }

    /// The name as it is compared: two names are one view when their keys are equal (case ignored).
    public static func key(_ name: String) -> String {
        name.trimmingCharacters(in: .whitespaces).lowercased()
    }
}
