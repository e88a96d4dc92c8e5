/// A virtualised single-column list with a selection: a `Table` without header.
public struct List: View {
    let rowCount: Int
    let state: Binding<TableState>
    let row: @MainActor (Int) -> Text

    /// A list of `rowCount` rows built by `row`, only the visible ones, with selection in `state`.
    public init(rowCount: Int, state: Binding<TableState>, row: @escaping @MainActor (Int) -> Text) {
        self.rowCount = rowCount
        self.state = state
        self.row = row
    }

    /// A list over a random-access collection.
    public init<Data: RandomAccessCollection>(_ data: Data, state: Binding<TableState>, row: @escaping @MainActor (Data.Element) -> Text) {
        self.init(rowCount: data.count, state: state) { index in
            row(data[data.index(data.startIndex, offsetBy: index)])
        }
    }

    public var body: some View {
        let row = self.row
        return Table(columns: [TableColumn("", width: .flexible())], rowCount: rowCount, state: state) { [row($0)] }
            .showsHeader(false)
    }
}
