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

final class ModalNode: LayoutNode {
    let content: LayoutNode
    let sheet: LayoutNode
    let backdrop: Backdrop
    let backdropStyle: Style

    init(content: LayoutNode, sheet: LayoutNode, backdrop: Backdrop, backdropStyle: Style) {
        self.content = content
        self.sheet = sheet
        self.backdrop = backdrop
        self.backdropStyle = backdropStyle
        super.init()
        layoutPriority = content.layoutPriority
    }

    override var debugLabel: String { "Modal \(backdrop)" }
    override var debugChildren: [LayoutNode] { [content, sheet] }
    override func measure(_ proposal: ProposedSize) -> Size { content.sizeThatFits(proposal) }

    override func draw(in rect: Rect, context: inout DrawContext) {
        content.draw(in: rect, context: &context)
        // The cursor belongs to whatever is in front; a field behind the sheet must not keep it.
        context.cursor = nil
        switch backdrop {
        case .none: break
        case .dim: context.restyle(rect, with: backdropStyle)
        case .clear: context.fill(rect, style: .plain)
        }
        // Offer the width less a margin and as many rows as the sheet likes, then cut it to the screen.
        let size = sheet.sizeThatFits(ProposedSize(width: max(0, rect.width - 2), height: nil))
        let placed = Alignment.center.place(Size(width: min(size.width, rect.width), height: min(size.height, rect.height)), in: rect)
        context.fill(placed, style: .plain)
        sheet.draw(in: placed, context: &context)
    }
}

/// A message with a row of buttons, one of them selected; for confirmations and errors.
///
/// The dialog only draws: which button is selected and what pressing it does belong to the caller.
public struct AlertDialog: View {
    /// One button of a dialog.
    public struct Button: Hashable, Sendable {
        public enum Role: Hashable, Sendable { case normal, cancel, destructive }
        public var label: String
        public var role: Role

        public init(_ label: String, role: Role = .normal) {
            self.label = label
            self.role = role
        }
    }

    public var title: String
    public var message: String
    public var buttons: [Button]
    /// Index of the selected button, clamped to the buttons there are.
    public var selectedButton: Int

    public init(title: String, message: String, buttons: [Button] = [Button("OK")], selectedButton: Int = 0) {
        self.title = title
        self.message = message
        self.buttons = buttons
        self.selectedButton = selectedButton
    }

    @Environment(\.theme) private var theme

    public var body: some View {
        let selected = buttons.isEmpty ? 0 : min(max(0, selectedButton), buttons.count - 1)
        return VStack(alignment: .center, spacing: 1) {
            Text(message)
            HStack(spacing: 2) {
                ForEach(Array(buttons.indices), id: \.self) { index in
                    let button = buttons[index]
                    let style = button.role == .destructive ? theme.danger : theme.text
                    let label = Text("[ \(button.label) ]").textStyle(style)
                    if index == selected {
                        label.highlight(theme.selection)
                    } else {
                        label
                    }
                }
            }
        }
        .padding(.horizontal, 1)
    }
}

/// A one-line notice drawn over the screen, e.g. "Order saved"; nothing at all without a message.
public struct ToastView: View {
    let message: Text?

    @Environment(\.theme) private var theme

    public var body: some View {
        if let message {
            message
                .lineLimit(1)
                .padding(.horizontal, 1)
                .background(.default)
                .highlight(theme.selection)
                .padding(.bottom, 1)
        }
    }
}
