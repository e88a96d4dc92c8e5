import TermRender

/// A short message that confirms something happened ("Order saved"), shown
/// bottom-right above the key hints; the shell decides when it goes away.
public struct ToastNotice: Hashable, Sendable {
    /// What the notice is about, which sets its colour.
    public enum Kind: Hashable, Sendable {
        case info
        case success
        case failure
    }

    public var message: String
    public var kind: Kind

    /// A notice saying `message`.
    public init(_ message: String, kind: Kind = .info) {
        self.message = message
        self.kind = kind
    }

    /// The notice's text in the theme's colour for its kind.
    @MainActor func text(theme: Theme) -> Text {
        let style: Style = switch kind {
        case .info: theme.text
        case .success: theme.success
        case .failure: theme.danger
        }
        return Text(message).style(style)
    }
}

extension View {
    /// Shows `notice` in the bottom-right corner, over the line above the bottom row, while it is not nil.
    public func toastNotice(_ notice: ToastNotice?) -> some View {
        ToastNoticeLayer(content: self, notice: notice)
    }
}

/// Reads the theme so the notice's colour follows it.
struct ToastNoticeLayer<Content: View>: View {
    let content: Content
    let notice: ToastNotice?
    @Environment(\.theme) private var theme

    var body: some View {
        content.toast(notice?.text(theme: theme), alignment: .bottomTrailing)
    }
}
