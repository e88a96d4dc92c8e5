import OrdersCore
import OrdersScreens
import TermRender

/// The glue of the running app: draws the current screen and turns input into
/// commands on the models. It holds no business rules and no presentation logic.
@MainActor
final class AppController {
    private let application: Application
    private let listModel: OrderListModel
    private let renderSession: RenderSession
    private let listScreenState = ListScreenState()
    private let keymap = DefaultKeymap.bindings
    private let databaseName: String

    init(application: Application, listModel: OrderListModel, databaseName: String) {
        self.application = application
        self.listModel = listModel
        self.databaseName = databaseName
        var environment = EnvironmentValues()
        let capability = application.session.backend.capabilities.colors
        environment.colorCapability = capability
        environment.theme = Theme.standard(for: capability)
        renderSession = RenderSession(backend: application.backend, environment: environment)
    }

    func render() {
        renderSession.render(OrderListScreen(
            model: listModel, screenState: listScreenState, databaseName: databaseName,
            hints: keymap.filter(\.showsInFooter).map { KeyHintBar.Hint(key: $0.keyNames, label: $0.label) }))
    }

    func handle(_ event: InputEvent) {
        switch event {
        case .key(let press):
            guard let binding = keymap.first(where: { $0.keys.contains(press) }) else { return }
            perform(binding.command)
        case .resize:
            renderSession.invalidate()
        default:
            break
        }
    }

    private func perform(_ command: AppCommand) {
        let page = max(1, listScreenState.table.visibleRows)
        switch command {
        case .moveDown: listModel.moveSelection(by: 1)
        case .moveUp: listModel.moveSelection(by: -1)
        case .pageDown: listModel.page(.down, pageSize: page)
        case .pageUp: listModel.page(.up, pageSize: page)
        case .jumpToTop: listModel.selectFirst()
        case .jumpToBottom: listModel.selectLast()
        case .quit: application.quit(0)
        }
    }
}
