import TermRenderTesting
import Testing
@testable import TermRender

/// Whole screens composed from many views, compared with reviewed snapshot files.
@MainActor
@Suite struct ScreenSnapshotTests {
    struct Record {
        var id: String
        var name: String
        var state: String
        var amount: String
    }

    static let records = [
        Record(id: "R-001", name: "Ann Lee", state: "open", amount: "12.50"),
        Record(id: "R-002", name: "山田太郎", state: "held", amount: "1,204.00"),
        Record(id: "R-003", name: "Zoë Åberg", state: "done", amount: "7.99"),
        Record(id: "R-004", name: "Fam 👨‍👩‍👧", state: "open", amount: "0.00"),
    ]

    struct ListScreen: View {
        var selection: Int
        var confirming: Bool
        var toast: String?
        @Environment(\.theme) var theme

        var body: some View {
            VStack {
                HStack(spacing: 0) {
                    Text("Records").bold()
                    Spacer()
                    Text("4 shown").textStyle(theme.secondaryText)
                }
                Table(
                    ScreenSnapshotTests.records,
                    columns: [
                        TableColumn("ID", width: .fixed(5), priority: 3),
                        TableColumn("Name", width: .flexible(min: 6), priority: 2),
                        TableColumn("State", width: .fixed(5), priority: 1),
                        TableColumn.numeric("Amount", width: .fixed(8), priority: 2),
                    ],
                    state: .constant(TableState(selection: selection)),
                    sort: TableSort(column: 1)
                ) { record in
                    [Text(record.id), Text(record.name), Text(record.state).textStyleIf(record.state == "held", theme.warning), Text(record.amount)]
                }
                .border(title: "All")
                Divider()
                HStack {
                    Text("↑↓").bold()
                    Text("move")
                    Text("d").bold()
                    Text("delete")
                }
            }
            .alert(isPresented: confirming, AlertDialog(title: "Delete?", message: "R-002 goes for good.", buttons: [.init("Keep"), .init("Delete", role: .destructive)], selectedButton: 0))
            .toast(toast.map { Text($0) })
        }
    }

    @Test func listScreen() {
        expectSnapshot(FrameRenderer.render(ListScreen(selection: 1, confirming: false, toast: nil), size: Size(width: 40, height: 10)), named: "list-screen")
    }

    @Test func listScreenWithConfirmation() {
        expectSnapshot(FrameRenderer.render(ListScreen(selection: 1, confirming: true, toast: nil), size: Size(width: 40, height: 10)), named: "list-screen-confirm")
    }

    @Test func listScreenWithToastInMonochrome() {
        var environment = EnvironmentValues()
        environment.theme = .monochrome
        environment.colorCapability = .none
        expectSnapshot(
            FrameRenderer.render(ListScreen(selection: 3, confirming: false, toast: "Deleted R-002"), size: Size(width: 40, height: 10), environment: environment),
            named: "list-screen-toast-monochrome"
        )
    }

    @Test func narrowListScreenDropsColumns() {
        expectSnapshot(FrameRenderer.render(ListScreen(selection: 0, confirming: false, toast: nil), size: Size(width: 22, height: 7)), named: "list-screen-narrow")
    }
}

private extension Text {
    func textStyleIf(_ condition: Bool, _ style: Style) -> Text {
        guard condition else { return self }
        var text = foregroundColor(style.foreground)
        if !style.attributes.isEmpty { text = text.attributes(style.attributes) }
        return text
    }
}
