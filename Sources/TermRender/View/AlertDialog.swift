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
