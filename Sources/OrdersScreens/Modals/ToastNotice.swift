import TermRender

/// A short message that confirms something happened ("Order saved"), shown
/// bottom-right above the key hints; the shell decides when it goes away.
public struct ToastNotice: Hashable, Sendable {
    /// What the notice is about, which sets its colour.
    public enum Kind: Hashable, Sendable {
        /// Neutral news, in the selection colour.
        case info
        /// Something worked, in the success colour.
        case success
        /// Something failed, in the danger colour.
        case failure
    }

    /// The text, one line.
    public var message: String
    /// What it is about.
    public var kind: Kind

    /// A notice saying `message`.
    public init(_ message: String, kind: Kind = .info) {
        self.message = message
        self.kind = kind
    }

    /// A solid block in the kind's colour (reverse video, so it stands out without colour too).
    @MainActor func blockStyle(theme: Theme) -> Style {
        let colour: Style = switch kind {
        case .info: theme.selection
        case .success: theme.success
        case .failure: theme.danger
        }
        return Style(foreground: colour.foreground, attributes: .reverse)
    }
}

extension View {
    /// Shows `notice` in the bottom-right corner, over the line above the bottom row, while it is not nil.
    public func toastNotice(_ notice: ToastNotice?) -> some View {
        ToastNoticeLayer(content: self, notice: notice)
    }
}

/// The screen with the notice laid over its bottom-right corner; reads the theme
/// so the notice's colour follows it.
struct ToastNoticeLayer<Content: View>: View {
    let content: Content
    let notice: ToastNotice?
    @Environment(\.theme) private var theme

    var body: some View {
        content.overlay(alignment: .bottomTrailing) {
            if let notice {
                Text(notice.message)
                    .lineLimit(1)
                    .padding(.horizontal, 1)
                    .background(.default)
                    .highlight(notice.blockStyle(theme: theme))
                    .padding(.bottom, 1)
            }
        }
    }
}
