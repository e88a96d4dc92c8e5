import OrdersCore
import TerminalText

extension AppCoordinator {
    /// `:save NAME`: saves at once, or asks first when it would replace a view of that name.
    func saveView(_ name: String, personal: Bool) {
        guard let views else { return }
        guard views.wouldReplace(name, personal: personal) else {
            views.save(name, personal: personal, replacing: false)
            return
        }
        let request = ConfirmationRequest(
            title: "Replace the view \(TerminalText.neutralized(name))?",
            message: "It will show the current search and sort" + (personal ? " (your personal view)." : ", for everyone on this database."),
            confirmLabel: "Replace")
        present(.confirm(.about(.replace(name: name, personal: personal), request: request)))
    }

    /// `:view-delete NAME`: asks first; an unknown name is refused with the known ones.
    func deleteView(_ name: String) {
        guard let views else { return }
        guard let view = views.view(named: name) else {
            present(.error(SavedViewError.notFound(name, known: views.names).description))
            return
        }
        let request = ConfirmationRequest(
            title: "Delete the view \(TerminalText.neutralized(view.name))?",
            message: view.isPersonal ? "Your personal view is removed from your config."
                : "It is removed for everyone on this database; a default view is not seeded again.",
            confirmLabel: "Delete")
        present(.confirm(.about(.delete(name: view.name), request: request)))
    }

    /// The operator said yes to a view change.
    func perform(_ change: SavedViewChange) {
        switch change {
        case .replace(let name, let personal): views?.save(name, personal: personal, replacing: true)
        case .delete(let name): views?.delete(name)
        }
    }
}
