import TermRender

/// A label in a fixed column and its value beside it, so a section's values line up.
struct DetailField<Value: View>: View {
    /// Wide enough for the longest label ("Assignee", "Next steps") and a space.
    static var labelWidth: Int { 11 }

    let label: String
    let value: Value
    @Environment(\.theme) private var theme

    init(_ label: String, @ViewBuilder value: () -> Value) {
        self.label = label
        self.value = value()
    }

    var body: some View {
        HStack(alignment: .top, spacing: 0) {
            Text(label).style(theme.secondaryText).frame(width: Self.labelWidth)
            value
        }
    }
}
