/// What happens to the screen behind a modal sheet.
public enum Backdrop: Hashable, Sendable {
    /// Left as it is.
    case none
    /// Dimmed with the theme's backdrop style, so the sheet stands out.
    case dim
    /// Blanked.
    case clear
}

extension View {
    /// Shows `sheet` in a bordered box centred over this view while `isPresented`, with `backdrop` behind.
    ///
    /// The sheet gets its ideal size, at most the view's size less a one-cell margin on each side.
    public func sheet<Sheet: View>(
        isPresented: Bool, title: String? = nil, backdrop: Backdrop = .dim, @ViewBuilder content sheet: () -> Sheet
    ) -> ModalView<Self, Sheet> {
        ModalView(content: self, sheet: isPresented ? sheet() : nil, title: title, backdrop: backdrop)
    }

    /// Shows `dialog` as a modal sheet while `isPresented`.
    public func alert(isPresented: Bool, _ dialog: AlertDialog, backdrop: Backdrop = .dim) -> ModalView<Self, AlertDialog> {
        ModalView(content: self, sheet: isPresented ? dialog : nil, title: dialog.title, backdrop: backdrop)
    }

    /// Shows a one-line message over the view's bottom edge (or where `alignment` says) while `message` is not nil.
    public func toast(_ message: Text?, alignment: Alignment = .bottom) -> LayeredView<Self, ToastView> {
        LayeredView(content: self, layer: ToastView(message: message), alignment: alignment, layerInFront: true)
    }
}

/// A view with a modal sheet over it.
public struct ModalView<Content: View, Sheet: View>: View, PrimitiveView {
    let content: Content
    let sheet: Sheet?
    let title: String?
    let backdrop: Backdrop

    public var body: Never { fatalError("ModalView is primitive") }

    func makeNodes(_ context: ResolveContext, into nodes: inout [LayoutNode]) {
        let base = content.resolveSingle(context)
        guard let sheet else {
            nodes.append(base)
            return
        }
        var sheetContext = context
        sheetContext.stackAxis = nil
        let box = BorderNode(
            child: sheet.resolveSingle(sheetContext),
            border: .rounded,
            title: title.map { Text(verbatim: $0) },
            environment: context.environment
        )
        nodes.append(ModalNode(content: base, sheet: box, backdrop: backdrop, backdropStyle: context.environment.theme.backdrop))
    }
}
