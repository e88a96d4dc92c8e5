import OrdersCore
import OrdersPresentation
import TermRender

/// The dashboard: a title line, the panels the screen's size allows in columns
/// (`DashboardLayout`, chosen by the model's layout), the connection's notice while there is one,
/// and the key hints.
public struct DashboardScreen: View {
    let model: DashboardModel
    let databaseName: String
    let hints: [KeyHintBar.Hint]

    public init(model: DashboardModel, databaseName: String, hints: [KeyHintBar.Hint]) {
        self.model = model
        self.databaseName = databaseName
        self.hints = hints
    }

    public var body: some View {
        VStack(spacing: 0) {
            ScreenHeader(databaseName: databaseName, isDemoData: model.showsDemoData, screen: "dashboard",
                         status: model.statusText)
            HStack(alignment: .top, spacing: 2) {
                ForEach(model.layout.columns.indices, id: \.self) { column in
                    DashboardColumn(model: model, panels: model.layout.columns[column])
                }
            }
            .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
            DashboardConnectionLine(model: model)
            KeyHintBar(hints)
        }
    }
}
