import TerminalText

/// How an export treats characters a terminal would act on (control, escape and bidi characters,
/// as `TerminalText` defines them), found in text fields written by another tool.
public enum ExportText: Sendable {
    /// CSV fields verbatim, so `orders export` → `orders import` restores every character.
    case lossless
    /// CSV fields neutralised exactly as the screen shows them (ESC becomes `␛`): what the app's
    /// `y` (clipboard) and `:export` produce, since a person pastes or `cat`s them into a terminal.
    case neutralized

    /// A CSV field as this mode writes it. (JSON needs no mode: `JSONText.string` writes every such
    /// character as a `\u` escape, which is both lossless and inert.)
    func csvField(_ text: String) -> String {
        switch self {
        case .lossless: text
        case .neutralized: TerminalText.neutralized(text)
        }
    }
}
