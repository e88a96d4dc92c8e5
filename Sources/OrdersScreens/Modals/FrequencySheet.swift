import OrdersCore
import OrdersPresentation
import TermRender

/// The frequency sheet over the list (VisiData's Shift-F): each value of a column among the shown
/// orders with how many have it, their share and their totals per currency, most frequent first;
/// the selected value is the one Enter filters the list to. While the orders are counted (on a
/// list the server serves, by the server), or when counting failed, a line says so instead.
public struct FrequencySheet: View {
    /// The sheet's width when the screen allows it.
    public static let preferredWidth = 100

    /// Rows of values shown at once on a screen this tall (the sheet's frame, title, header,
    /// summary and keys take the rest): what the sheet's page keys move by.
    public static func visibleRows(screenHeight: Int) -> Int {
        max(1, screenHeight - 9)
    }

    let title: String
    /// nil while counting.
    let lines: [FrequencyLine]?
    let selected: Int
    /// "7 orders, 4 values" or why there is nothing to show.
    let status: String
    let screenHeight: Int
    let hints: [KeyHintBar.Hint]
    @Environment(\.theme) private var theme

    public init(title: String, lines: [FrequencyLine]?, selected: Int, status: String, screenHeight: Int,
                hints: [KeyHintBar.Hint]) {
        self.title = title
        self.lines = lines
        self.selected = selected
        self.status = status
        self.screenHeight = screenHeight
        self.hints = hints
    }

    static let columns = [
        TableColumn("Value", width: .flexible(min: 10), priority: 10),
        .numeric("Count", width: .fixed(7), priority: 9),
        .numeric("Share", width: .fixed(6), priority: 8),
        .numeric("Totals", width: .flexible(min: 12), priority: 7),
    ]

    public var body: some View {
        let theme = self.theme
        let lines = self.lines ?? []
        let rows = min(max(lines.count, 1), Self.visibleRows(screenHeight: screenHeight))
        return VStack(spacing: 0) {
            Table(columns: Self.columns, rowCount: lines.count, state: TableState(selection: self.lines == nil ? nil : selected)) { index in
                [Text(lines[index].value), Text(lines[index].count), Text(lines[index].share),
                 Text(lines[index].totals).style(theme.secondaryText)]
            }
            .showsScrollIndicator(lines.count > rows)
            .frame(height: 1 + rows)
            Text(status).style(theme.secondaryText)
            KeyHintBar(hints)
        }
        .frame(maxWidth: Self.preferredWidth)
        .padding(.horizontal, 1)
    }
}

extension View {
    /// Shows `frequency` in a sheet titled with its column over this view while it is not nil.
    public func frequencySheet(_ frequency: FrequencySheet?) -> some View {
        sheet(isPresented: frequency != nil, title: frequency?.title) {
            if let frequency { frequency }
        }
    }
}
