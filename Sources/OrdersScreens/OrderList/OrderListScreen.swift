import OrdersCore
import TermRender

/// The root screen: header, the order table, status bar and key hints.
public struct OrderListScreen: View {
    let model: OrderListModel
    let screenState: ListScreenState
    let databaseName: String
    let hints: [KeyHintBar.Hint]

    public init(model: OrderListModel, screenState: ListScreenState, databaseName: String, hints: [KeyHintBar.Hint]) {
        self.model = model
        self.screenState = screenState
        self.databaseName = databaseName
        self.hints = hints
    }

    public var body: some View {
        VStack(spacing: 0) {
            ListHeader(databaseName: databaseName, summary: model.summary, loading: model.loadingState)
            OrderListTable(model: model, screenState: screenState)
            StatusBar(model: model)
            KeyHintBar(hints)
        }
    }
}
