import OrdersCore
import OrdersPresentation
import TermRender

/// The line chooser over the detail: each line on offer with the units chosen ("2 of 3", "skip"),
/// the highlighted one marked, the text field (the tracking number when fulfilling, the reason when
/// refunding), a refund's shipping and restock choices, the order's refusal of the last Enter or the
/// chooser's summary, and the chooser's keys underneath.
public struct LineChooserSheet: View {
    /// The sheet's width when the screen allows it.
    public static let preferredWidth = 70
    /// Lines shown before the list scrolls.
    public static let visibleLines = 8

    let chooser: LineChooser
    let text: String
    let cursor: Int
    let refusal: String?
    let hints: [KeyHintBar.Hint]
    /// The keys of a refund's shipping and restock choices, shown under them.
    let optionHints: [KeyHintBar.Hint]
    @Environment(\.theme) private var theme

    public init(chooser: LineChooser, text: String, cursor: Int, refusal: String?, hints: [KeyHintBar.Hint],
                optionHints: [KeyHintBar.Hint] = []) {
        self.chooser = chooser
        self.text = text
        self.cursor = cursor
        self.refusal = refusal
        self.hints = hints
        self.optionHints = optionHints
    }

    static func columns(quantityHeading: String) -> [TableColumn] {
        [
            TableColumn("Line", width: .fixed(12), priority: 8),
            TableColumn("Title", width: .flexible(min: 8), priority: 6),
            .numeric(quantityHeading, width: .fixed(10), priority: 10),
        ]
    }

    public var body: some View {
        let theme = self.theme
        let choices = chooser.choices
        return VStack(spacing: 1) {
            Table(columns: Self.columns(quantityHeading: chooser.quantityHeading), rowCount: choices.count,
                  state: TableState(selection: chooser.selected)) { index in
                [Text(choices[index].name).style(theme.secondaryText), Text(choices[index].title), Text(choices[index].quantityText)]
            }
            .showsScrollIndicator(false)
            .frame(height: 1 + min(max(choices.count, 1), Self.visibleLines))
            HStack(spacing: 1) {
                Text(chooser.fieldLabel)
                TextFieldView(text: text, cursor: cursor, placeholder: "optional")
            }
            if let options = chooser.optionsText {
                VStack(spacing: 0) {
                    Text(options)
                    KeyHintBar(optionHints)
                }
            }
            Text(refusal ?? chooser.summaryText).style(refusal == nil ? theme.secondaryText : theme.danger)
            KeyHintBar(hints)
        }
        .frame(maxWidth: Self.preferredWidth)
        .padding(.horizontal, 1)
    }
}

extension View {
    /// Shows `chooser` in a sheet titled with its order over this view while it is not nil.
    public func lineChooser(_ chooser: LineChooserSheet?) -> some View {
        sheet(isPresented: chooser != nil, title: chooser?.chooser.title) {
            if let chooser { chooser }
        }
    }
}
