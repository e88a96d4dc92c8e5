import Foundation
import OrdersCore
import OrdersScreens
import TermRender

extension AppController {
    /// Carries out one keymap action in the context it was found in.
    func perform(_ action: String, context: String) {
        switch context {
        case AppKeymap.Context.search: performSearch(action)
        case AppKeymap.Context.palette: performPalette(action)
        case AppKeymap.Context.note: performNote(action)
        case AppKeymap.Context.confirm: performConfirm(action)
        case AppKeymap.Context.help: performHelp(action)
        case AppKeymap.Context.alert: coordinator.dismissModal()
        default:
            if performGlobal(action) || performOrder(action) { return }
            if context == AppKeymap.Context.detail { performDetail(action) } else { performList(action) }
        }
    }

    // MARK: App-wide

    private func performGlobal(_ action: String) -> Bool {
        switch action {
        case GlobalAction.help:
            ui.helpFilter = TextFieldState()
            scrolls.help.scrollToTop()
            coordinator.present(.help)
        case GlobalAction.palette:
            openPalette(with: "")
        case GlobalAction.mouse:
            ui.mouseCapture.toggle()
            application.setMouseCapture(ui.mouseCapture)
            showToast(ui.mouseCapture ? "Mouse on (Shift-drag selects text in most terminals)" : "Mouse off")
        case GlobalAction.redraw:
            renderSession.invalidate()
            application.setNeedsRender()
        case GlobalAction.interrupt:
            application.quit(130)
        case GlobalAction.suspend:
            // Returns once the shell's `fg` resumed us; whatever the terminal showed
            // meanwhile is gone, so the next frame is sent in full.
            application.suspend()
            renderSession.invalidate()
            application.setNeedsRender()
        default:
            return false
        }
        return true
    }

    func openPalette(with text: String) {
        coordinator.present(.commandPalette)
        ui.paletteField = TextFieldState(text: text, history: [])
        ui.paletteField.moveToEnd()
        coordinator.palette.textChanged(text)
    }

    // MARK: Actions on orders (list and detail)

    private func performOrder(_ action: String) -> Bool {
        switch action {
        case OrderKeys.advance: act(.advance)
        case OrderKeys.cancel: act(.cancel)
        case OrderKeys.refund: act(.refund)
        case OrderKeys.flag:
            if let detail = coordinator.detail, coordinator.currentRoute != .list {
                act(detail.order?.flagged == true ? .unflag : .flag)
            } else {
                act(list.toggleFlagAction)
            }
        case OrderKeys.assignToMe: act(.assignToMe)
        case OrderKeys.tag: openPalette(with: ":tag ")
        case OrderKeys.note:
            ui.noteField = TextFieldState(maximumLength: OrderNote.maximumLength, pasteLimit: OrderNote.maximumLength)
            coordinator.beginNote()
        case OrderKeys.undo:
            guard list.canUndo else { showToast("Nothing to undo"); return true }
            list.undo()
            reloadDetailAfterWrites()
        case OrderKeys.redo:
            guard list.canRedo else { showToast("Nothing to redo"); return true }
            list.redo()
            reloadDetailAfterWrites()
        case OrderKeys.copy: copyToClipboard()
        default: return false
        }
        return true
    }

    /// Performs an order action through the coordinator (which confirms destructive
    /// and large bulk actions); on the list, a single-order action then moves the
    /// selection to the next order.
    func act(_ action: OrderAction) {
        let single = coordinator.currentRoute == .list && list.markedCount == 0
        let before = list.selectedOrderID
        coordinator.perform(action)
        if case .confirm = coordinator.modal {
            ui.confirmButton = .keep
            pendingAdvance = single ? before : nil
            return
        }
        if single { advance(from: before) }
    }

    /// Moves the list selection down one row if it still sits on `id` (an order that
    /// left the shown list has already handed the selection to its neighbour).
    func advance(from id: OrderID?) {
        guard config.autoAdvance, let id, list.selectedOrderID == id else { return }
        list.moveSelection(by: 1)
    }

    private func reloadDetailAfterWrites() {
        guard let detail = coordinator.detail else { return }
        Task { [list] in
            await list.waitForPendingWork()
            detail.load()
        }
    }

    private func copyToClipboard() {
        if coordinator.currentRoute == .list, list.markedCount > 0 {
            let ids = list.markedIDs
            let store = list.store
            Task { [weak self] in
                do {
                    let orders = try await ListExport.fetch(ids, from: store)
                    self?.copy(ListExport.document(orders), what: "\(orders.count) marked orders as CSV")
                } catch {
                    self?.showToast("Copy failed: \(error)")
                }
            }
            return
        }
        let id: OrderID? = if case .detail(let id) = coordinator.currentRoute { id } else { list.selectedOrderID }
        guard let id else { return }
        copy(id.description, what: id.description)
    }

    private func copy(_ text: String, what: String) {
        if Clipboard.copy(text, environment: environment) {
            showToast("Copied \(what)")
        } else {
            showToast("Too much to copy (over \(Clipboard.maximumBytes / 1000) kB); use export (w)")
        }
    }

    // MARK: List

    private func performList(_ action: String) {
        let page = max(1, list.pageHeight)
        if let tab = ListAction.tabIndex(of: action), StatusTab.allCases.indices.contains(tab) {
            list.selectTab(StatusTab.allCases[tab])
            return
        }
        switch action {
        case ListAction.down: list.moveSelection(by: 1)
        case ListAction.up: list.moveSelection(by: -1)
        case ListAction.top: list.selectFirst()
        case ListAction.bottom: list.selectLast()
        case ListAction.pageDown: list.page(.down, pageSize: page)
        case ListAction.pageUp: list.page(.up, pageSize: page)
        case ListAction.halfDown: list.moveSelection(by: max(1, page / 2))
        case ListAction.halfUp: list.moveSelection(by: -max(1, page / 2))
        case ListAction.open:
            guard let id = list.selectedOrderID else { return }
            Task { await coordinator.open(id) }
        case ListAction.search: beginSearch()
        case ListAction.nextMatch: moveToMatch(by: 1)
        case ListAction.previousMatch: moveToMatch(by: -1)
        case ListAction.nextTab, ListAction.previousTab:
            let tabs = StatusTab.allCases
            let index = tabs.firstIndex(of: list.statusTab) ?? 0
            let step = action == ListAction.nextTab ? 1 : tabs.count - 1
            list.selectTab(tabs[(index + step) % tabs.count])
        case ListAction.cycleSort:
            let keys = Self.sortCycle
            let next = keys[((keys.firstIndex(of: list.sort.key) ?? -1) + 1) % keys.count]
            list.setSort(OrderSort(next))
            showToast("Sorted by \(next.rawValue)")
        case ListAction.flipSort:
            list.setSort(OrderSort(list.sort.key, ascending: !list.sort.ascending))
        case ListAction.flaggedOnly: list.setFlaggedOnly(!list.flaggedOnly)
        case ListAction.highValueOnly: list.setHighValueOnly(!list.highValueOnly)
        case ListAction.mark:
            list.toggleMark()
            list.moveSelection(by: 1)
        case ListAction.markAll: list.markAllVisible()
        case ListAction.clearMarks: list.clearMarks()
        case ListAction.export: openPalette(with: ":export ")
        case ListAction.refresh:
            list.load()
            showToast("Reloading…")
        case ListAction.quit: application.quit(0)
        default: break
        }
    }

    /// The order `s` walks through, in the table's column order.
    static let sortCycle: [OrderSortKey] = [.date, .id, .customer, .items, .total, .status]

    func beginSearch() {
        ui.searching = true
        ui.search.setText(list.searchText)
        ui.search.moveToEnd()
    }

    /// n/N: the next row whose customer the search matched (the list shows only
    /// matches; this skips those matched by another field such as the email).
    private func moveToMatch(by step: Int) {
        guard list.rowCount > 0 else { return }
        let start = list.selectedIndex ?? 0
        var position = start + step
        var scanned = 0
        while position >= 0, position < list.rowCount, scanned < 10_000 {
            if let row = list.row(at: position), !row.customerHighlights.isEmpty {
                list.select(at: position)
                return
            }
            position += step
            scanned += 1
        }
        list.moveSelection(by: step)
    }

    // MARK: Detail

    private func performDetail(_ action: String) {
        switch action {
        case DetailAction.back:
            // The list may have loaded after the detail opened (--open): select the order just seen.
            let seen: OrderID? = if case .detail(let id) = coordinator.currentRoute { id } else { nil }
            coordinator.back()
            if coordinator.currentRoute == .list, let seen { list.select(id: seen) }
        case DetailAction.scrollDown: scrollDetail { $0.scroll(by: 1) }
        case DetailAction.scrollUp: scrollDetail { $0.scroll(by: -1) }
        case DetailAction.pageDown: scrollDetail { $0.pageDown() }
        case DetailAction.pageUp: scrollDetail { $0.pageUp() }
        case DetailAction.top: scrollDetail { $0.scrollToTop() }
        case DetailAction.bottom: scrollDetail { $0.scrollToBottom() }
        case DetailAction.next, DetailAction.previous:
            guard case .detail(let id) = coordinator.currentRoute, let position = list.position(of: id) else { return }
            let target = position + (action == DetailAction.next ? 1 : -1)
            guard let next = list.ids(in: target..<target + 1).first else {
                showToast(action == DetailAction.next ? "Last order of the list" : "First order of the list")
                return
            }
            // Replace the detail on top (not push), so Esc still goes back to the list.
            scrolls.detailOrder.scrollToTop()
            scrolls.detailNotes.scrollToTop()
            coordinator.back()
            Task { await coordinator.open(next) }
        default: break
        }
    }

    private func scrollDetail(_ change: (inout VirtualScrollState) -> Void) {
        change(&scrolls.detailOrder)
        application.setNeedsRender()
    }

    // MARK: Fields and dialogs

    private func performSearch(_ action: String) {
        switch action {
        case FieldAction.accept:
            ui.searching = false
        case FieldAction.cancel:
            ui.search.setText("")
            list.searchTextChanged("")
            ui.searching = false
        default: break
        }
    }

    private func performPalette(_ action: String) {
        let palette = coordinator.palette
        switch action {
        case FieldAction.accept:
            if palette.text.trimmingCharacters(in: .whitespaces).isEmpty, palette.selectedSuggestion != nil {
                palette.complete()
                syncPaletteField()
                return
            }
            coordinator.submitPalette()
        case FieldAction.cancel: coordinator.dismissModal()
        case PaletteAction.complete:
            palette.complete()
            syncPaletteField()
        case PaletteAction.nextSuggestion: palette.moveSuggestion(by: 1)
        case PaletteAction.previousSuggestion: palette.moveSuggestion(by: -1)
        case PaletteAction.historyBack:
            palette.historyPrevious()
            syncPaletteField()
        case PaletteAction.historyForward:
            palette.historyNext()
            syncPaletteField()
        default: break
        }
    }

    private func syncPaletteField() {
        ui.paletteField.setText(coordinator.palette.text)
        ui.paletteField.moveToEnd()
    }

    private func performNote(_ action: String) {
        switch action {
        case FieldAction.accept: coordinator.submitNote(ui.noteField.text)
        case FieldAction.cancel: coordinator.dismissModal()
        default: break
        }
    }

    private func performConfirm(_ action: String) {
        switch action {
        case ConfirmAction.next, ConfirmAction.previous: ui.confirmButton = ui.confirmButton == .keep ? .confirm : .keep
        case ConfirmAction.press: answerConfirmation(ui.confirmButton == .confirm)
        case ConfirmAction.yes: answerConfirmation(true)
        case ConfirmAction.no: answerConfirmation(false)
        default: break
        }
    }

    private func answerConfirmation(_ accepted: Bool) {
        let advanceFrom = pendingAdvance
        pendingAdvance = nil
        coordinator.resolveConfirmation(accepted)
        if accepted { advance(from: advanceFrom) }
    }

    private func performHelp(_ action: String) {
        switch action {
        case FieldAction.cancel: coordinator.dismissModal()
        case HelpAction.down: scrolls.help.scroll(by: 1)
        case HelpAction.up: scrolls.help.scroll(by: -1)
        case HelpAction.pageDown: scrolls.help.pageDown()
        case HelpAction.pageUp: scrolls.help.pageUp()
        default: break
        }
        application.setNeedsRender()
    }
}
