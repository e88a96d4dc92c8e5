/// Which part of the screen has the keyboard when no modal is open.
public enum Focus: Hashable, Sendable {
    /// The screen's own keys (the list's or the detail's).
    case screen
    /// The list's search field, with its cursor; the text itself is the list's query.
    case searchField(cursor: Int)
}
