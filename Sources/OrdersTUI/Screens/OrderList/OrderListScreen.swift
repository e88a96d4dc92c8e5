import OrdersCore
import TermRender

/// The root screen: header, the order table, status bar and key hints.
struct OrderListScreen: View {
    let model: OrderListModel
    let screenState: ListScreenState
    let databaseName: String
    let hints: [KeyHintBar.Hint]

    var body: some View {
        VStack(spacing: 0) {
            ListHeader(databaseName: databaseName, summary: model.summary, loading: model.loadingState)
            OrderListTable(model: model, screenState: screenState)
            StatusBar(model: model)
            KeyHintBar(hints)
        }
    }
}
