import OrdersCore
import OrdersScreens
import TermRender

extension AppCoordinator {
    /// The search field's keys (typing itself is `edit`).
    func perform(_ command: SearchFieldCommand) -> [AppEffect] {
        switch command {
        case .keep:
            focus = .screen
        case .clear:
            list.searchTextChanged("")
            focus = .screen
        }
        return []
    }

    /// The command palette's keys.
    func perform(_ command: PaletteFieldCommand) -> [AppEffect] {
        switch command {
        case .run:
            if palette.text.trimmingCharacters(in: .whitespaces).isEmpty, palette.selectedSuggestion != nil {
                palette.complete()
                movePaletteCursorToEnd()
                return []
            }
            return submitPalette()
        case .close: dismissModal()
        case .complete:
            palette.complete()
            movePaletteCursorToEnd()
        case .nextSuggestion: palette.moveSuggestion(by: 1)
        case .previousSuggestion: palette.moveSuggestion(by: -1)
        case .historyBack:
            palette.historyPrevious()
            movePaletteCursorToEnd()
        case .historyForward:
            palette.historyNext()
            movePaletteCursorToEnd()
        }
        return []
    }

    private func movePaletteCursorToEnd() {
        guard case .commandPalette = modal else { return }
        modal = .commandPalette(cursor: palette.text.count)
    }

    /// The note editor's keys.
    func perform(_ command: NoteEditorCommand) -> [AppEffect] {
        switch command {
        case .save: return submitNote()
        case .newLine:
            guard case .noteEditor(var draft) = modal, !draft.isSaving else { return [] }
            draft.field.insertLineBreak()
            modal = .noteEditor(draft)
            if let notice = draft.field.notice { return [showNotice(notice)] }
        case .externalEditor:
            guard case .noteEditor(let draft) = modal, !draft.isSaving else { return [] }
            return [.editNote(targets: draft.targets, text: draft.field.text)]
        case .discard: closeNote()
        }
        return []
    }

    /// The confirmation dialog's keys.
    func perform(_ command: ConfirmDialogCommand) -> [AppEffect] {
        guard case .confirm(var pending) = modal else { return [] }
        switch command {
        case .nextButton, .previousButton:
            pending.focusedButton = pending.focusedButton == .keep ? .confirm : .keep
            modal = .confirm(pending)
        case .press: answerConfirmation(pending.focusedButton == .confirm)
        case .yes: answerConfirmation(true)
        case .no: answerConfirmation(false)
        }
        return []
    }

    /// The help overlay's keys (typing narrows the list: `edit`).
    func perform(_ command: HelpOverlayCommand) -> [AppEffect] {
        switch command {
        case .close:
            dismissModal()
            return []
        case .scrollDown: scrolls.help.scroll(by: 1)
        case .scrollUp: scrolls.help.scroll(by: -1)
        case .pageDown: scrolls.help.pageDown()
        case .pageUp: scrolls.help.pageUp()
        }
        // Scroll positions are not observed (the view writes them while drawing).
        return [.render]
    }

    /// The error alert's one key.
    func perform(_ command: AlertCommand) -> [AppEffect] {
        switch command {
        case .dismiss: dismissModal()
        }
        return []
    }

    /// Keys that work on every screen.
    func perform(_ command: AppWideCommand) -> [AppEffect] {
        switch command {
        case .help:
            scrolls.help.scrollToTop()
            present(.help(filter: TextFieldState()))
            return []
        case .palette:
            openPalette(with: "")
            return []
        case .mouse:
            mouseCapture.toggle()
            return [.setMouseCapture(mouseCapture),
                    showNotice(mouseCapture ? "Mouse on (Shift-drag selects text in most terminals)" : "Mouse off")]
        case .redraw: return [.redrawAll]
        case .interrupt: return [.quit(130)]
        case .suspend: return [.suspend]
        }
    }
}
