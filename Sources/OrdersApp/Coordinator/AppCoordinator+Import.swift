import OrdersCore
import OrdersScreens

extension AppCoordinator {
    /// `:import FILE`: shows the import dialog and has the shell run the import. The dialog stays
    /// over the screen until the summary is closed, so nothing else writes while the import's
    /// transaction is open; only one import runs at a time.
    func startImport(_ path: String) -> [AppEffect] {
        let started = importer.begin(path: path)
        modal = .importing
        return started ? [.runImport] : []
    }

    /// The `runImport` effect is over: its summary shows, unless another dialog took the screen meanwhile.
    public func importFinished() {
        if modal == nil { modal = .importing }
    }

    /// The import dialog's keys: Esc (Ctrl-C) stops a running import and closes a finished one's
    /// summary; Enter (q) closes the summary.
    func perform(_ command: ImportDialogCommand) -> [AppEffect] {
        switch (command, importer.state) {
        case (.cancel, .running):
            importer.cancel()
        case (.cancel, .finished), (.close, .finished):
            importer.dismiss()
            dismissModal()
        case (.close, .running):
            break
        case (_, .idle):
            dismissModal()
        }
        return []
    }
}
