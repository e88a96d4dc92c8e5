import OrdersCore
import OrdersPresentation

extension AppCoordinator {
    /// Runs the palette's current text as a command; a malformed one stays in the palette with its error.
    func submitPalette() -> [AppEffect] {
        guard let command = palette.submit() else { return [] }
        modal = nil
        return execute(command)
    }

    /// Does what a palette command says.
    public func execute(_ command: PaletteCommand) -> [AppEffect] {
        switch command {
        case .open(let reference):
            return [.openNamedOrder(reference)]
        case .filter(let query):
            popToList()
            list.searchTextChanged(query)
        case .sort(let sort):
            list.setSort(sort)
        case .status(let status):
            act(.setStatus(status), advancing: false)
        case .tag(let tag):
            act(.addTag(tag), advancing: false)
        case .assign(let person):
            act(person.map { $0.lowercased() == "me" ? .assignToMe : .assign($0) } ?? .assign(nil), advancing: false)
        case .orderAction(let action):
            act(action, advancing: false)
        case .refund(let amount, let reason):
            return proposeRefund(amount: amount, reason: reason)
        case .refundLines(let reason):
            return chooseLinesToRefund(reason: reason)
        case .export(let path):
            return [.export(path: path, query: list.query, marked: list.markedIDs), showNotice("Exporting…")]
        case .importFile(let path):
            return startImport(path)
        case .theme(let name):
            return [.switchTheme(name)]
        case .dashboard:
            showDashboard()
        case .sync:
            return syncShopsNow()
        case .refusedFacts(let retry):
            return decideRefusedFacts(retry: retry)
        case .rules:
            return showRules()
        case .columns(let columns):
            popToList()
            if let columns, columns.allSatisfy({ $0 == .due }), !list.showsDueTimes {
                return [showNotice("The Due column shows only with a fulfilment promise in the config", kind: .failure)]
            }
            list.setColumns(columns)
            let shown = list.shownColumns.map(\.rawValue).joined(separator: ", ")
            return [showNotice(columns == nil ? "Standard columns: \(shown)" : "Columns: \(shown)")]
        case .saveView(let name, let personal):
            saveView(name, personal: personal)
        case .showView(let name):
            popToList()
            views?.show(name)
        case .renameView(let old, let new):
            views?.rename(old, to: new)
        case .deleteView(let name):
            deleteView(name)
        case .quit:
            return [.quit(0)]
        case .frequency(let field):
            return showFrequency(of: field)
        case .custom(let name):
            guard let command = customCommands.first(where: { $0.name == name }) else { return [] }
            return run(command)
        }
        return []
    }
}
