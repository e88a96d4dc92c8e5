import TerminalText

/// The editing state of a one-line text field: text, cursor, horizontal
/// scroll and optional history. Editing logic only; a view draws it.
///
/// Positions count graphemes (what the user sees as one character), so the
/// cursor never lands inside an emoji or between a letter and its accent.
/// Keys come from a keymap of `TextEditCommand`s (readline's by default).
public struct TextFieldState: Hashable, Sendable {
    private var characters: [Character]
    /// The cursor, in graphemes from the start: `0...count`.
    public private(set) var cursor: Int
    /// The first visible grapheme when the text is wider than the field.
    public private(set) var scrollOffset = 0
    /// The longest text accepted, in graphemes; nil for no limit.
    public var maximumLength: Int?
    /// The most one paste inserts, in graphemes. A single-line field is for a search, an id or a
    /// short note; a bigger paste (a whole file dropped in by mistake) is cut here, before any
    /// work is done on it, so the field and whatever reacts to it stay instant.
    public var pasteLimit: Int
    /// Whether line breaks are kept (a multi-line editor, drawn by `TextEditorView`) rather than
    /// turned into spaces (a one-line field). Any line break typed or pasted is kept as "\n".
    public var keepsLineBreaks: Bool
    /// What the last event did that the user should be told (a paste or text that was cut), or
    /// nil; cleared by the next event. The field's owner shows it, e.g. as a toast.
    public private(set) var notice: String?

    /// The paste limit unless a field sets its own: 4,096 graphemes, far more than any query or
    /// id and small enough that a frame with it stays well under a millisecond.
    public static let defaultPasteLimit = 4_096
    /// Earlier entries, oldest first; Up and Down walk through them.
    public private(set) var history: [String]
    /// Which history entry is shown, while browsing.
    private var historyIndex: Int?
    /// What was typed before browsing started, restored by Down past the newest.
    private var draft: [Character] = []

    public init(text: String = "", history: [String] = [], maximumLength: Int? = nil,
                pasteLimit: Int = TextFieldState.defaultPasteLimit, keepsLineBreaks: Bool = false) {
        self.maximumLength = maximumLength
        self.keepsLineBreaks = keepsLineBreaks
        self.pasteLimit = pasteLimit
        self.characters = []
        self.cursor = 0
        self.history = history
        insert(text)
    }

    /// The text as edited.
    public var text: String { String(characters) }

    /// The length in graphemes.
    public var count: Int { characters.count }

    public var isEmpty: Bool { characters.isEmpty }

    /// Replaces the text and puts the cursor at its end.
    public mutating func setText(_ newText: String) {
        characters = []
        cursor = 0
        scrollOffset = 0
        insert(newText)
        historyIndex = nil
    }

    /// Moves the cursor to a grapheme position, clamped to the text.
    public mutating func setCursor(_ position: Int) {
        cursor = min(max(position, 0), characters.count)
    }

    // MARK: Inserting

    /// Inserts text at the cursor: line breaks become "\n" when `keepsLineBreaks`, else spaces like
    /// tabs; other control characters are dropped, and `maximumLength` is respected (with a `notice` when it cut).
    public mutating func insert(_ newText: some StringProtocol) {
        var inserted: [Character] = []
        for character in newText {
            if character.isNewline, keepsLineBreaks {
                inserted.append("\n")
            } else if character.isNewline || character == "\t" {
                inserted.append(" ")
            } else if !character.unicodeScalars.contains(where: Self.isControl) {
                inserted.append(character)
            }
        }
        if let maximumLength, characters.count + inserted.count > maximumLength {
            inserted = Array(inserted.prefix(max(maximumLength - characters.count, 0)))
            notice = "Cut at \(Self.grouped(maximumLength)) characters, the most this field holds"
        }
        guard !inserted.isEmpty else { return }
        characters.insert(contentsOf: inserted, at: cursor)
        cursor += inserted.count
    }

    /// Starts a new line at the cursor (a multi-line editor's Enter); nothing in a one-line field.
    public mutating func insertLineBreak() {
        guard keepsLineBreaks else { return }
        insert("\n")
    }

    /// Inserts a paste, cut to `pasteLimit` graphemes with a `notice` saying so. Only the kept part
    /// is ever looked at, so a megabyte paste costs no more than a full one.
    public mutating func paste(_ pasted: String) {
        let room = maximumLength.map { max($0 - characters.count, 0) } ?? Int.max
        let kept = pasted.prefix(min(pasteLimit, room))
        insert(kept)
        guard kept.endIndex < pasted.endIndex else { return }
        if let maximumLength, room <= pasteLimit {
            notice = "Cut at \(Self.grouped(maximumLength)) characters, the most this field holds"
        } else {
            notice = "Paste cut to its first \(Self.grouped(pasteLimit)) characters"
        }
    }

    /// 4096 → "4,096", without a locale: field notices are plain text.
    private static func grouped(_ number: Int) -> String {
        let digits = Array(String(number))
        var result = ""
        for (offset, digit) in digits.enumerated() {
            if offset > 0, (digits.count - offset) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return result
    }

    /// Typed or pasted characters the shared rule would neutralise on screen (controls, bidi
    /// controls) are dropped from a field instead: a query or a note never needs them.
    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        TerminalText.placeholder(for: scalar) != nil
    }

    // MARK: Moving

    public mutating func moveLeft() { setCursor(cursor - 1) }
    public mutating func moveRight() { setCursor(cursor + 1) }
    public mutating func moveToStart() { cursor = 0 }
    public mutating func moveToEnd() { cursor = characters.count }
    public mutating func moveWordLeft() { cursor = wordStart(before: cursor) }
    public mutating func moveWordRight() { cursor = wordEnd(after: cursor) }

    // MARK: Deleting

    /// Backspace.
    public mutating func deleteBackward() {
        guard cursor > 0 else { return }
        characters.remove(at: cursor - 1)
        cursor -= 1
    }

    /// Delete.
    public mutating func deleteForward() {
        guard cursor < characters.count else { return }
        characters.remove(at: cursor)
    }

    /// Ctrl-U: deletes from the start of the line to the cursor.
    public mutating func deleteToStart() {
        characters.removeSubrange(0..<cursor)
        cursor = 0
    }

    /// Ctrl-K: deletes from the cursor to the end of the line.
    public mutating func deleteToEnd() {
        characters.removeSubrange(cursor...)
    }

    /// Ctrl-W: deletes back to the previous whitespace, like a shell.
    public mutating func deleteWhitespaceWordBackward() {
        var start = cursor
        while start > 0, characters[start - 1].isWhitespace { start -= 1 }
        while start > 0, !characters[start - 1].isWhitespace { start -= 1 }
        characters.removeSubrange(start..<cursor)
        cursor = start
    }

    /// Alt-Backspace: deletes back to the start of the word.
    public mutating func deleteWordBackward() {
        let start = wordStart(before: cursor)
        characters.removeSubrange(start..<cursor)
        cursor = start
    }

    /// Alt-D: deletes forward to the end of the word.
    public mutating func deleteWordForward() {
        characters.removeSubrange(cursor..<wordEnd(after: cursor))
    }

    private func isWordCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || character == "_"
    }

    private func wordStart(before position: Int) -> Int {
        var index = position
        while index > 0, !isWordCharacter(characters[index - 1]) { index -= 1 }
        while index > 0, isWordCharacter(characters[index - 1]) { index -= 1 }
        return index
    }

    private func wordEnd(after position: Int) -> Int {
        var index = position
        while index < characters.count, !isWordCharacter(characters[index]) { index += 1 }
        while index < characters.count, isWordCharacter(characters[index]) { index += 1 }
        return index
    }

    // MARK: History

    /// Up: shows the previous history entry (remembering what was typed).
    public mutating func showPreviousHistoryEntry() {
        guard !history.isEmpty else { return }
        let index: Int
        if let current = historyIndex {
            index = max(current - 1, 0)
        } else {
            draft = characters
            index = history.count - 1
        }
        showHistory(at: index)
    }

    /// Down: shows the next history entry, then what was typed before browsing.
    public mutating func showNextHistoryEntry() {
        guard let current = historyIndex else { return }
        if current + 1 < history.count {
            showHistory(at: current + 1)
        } else {
            historyIndex = nil
            characters = draft
            cursor = characters.count
        }
    }

    private mutating func showHistory(at index: Int) {
        historyIndex = index
        characters = Array(history[index])
        cursor = characters.count
    }

    /// Enter: returns the text, records it in history (skipping blanks and
    /// repeats of the newest entry) and clears the field.
    @discardableResult
    public mutating func commit() -> String {
        let entered = text
        if !entered.allSatisfy(\.isWhitespace), history.last != entered { history.append(entered) }
        historyIndex = nil
        draft = []
        characters = []
        cursor = 0
        scrollOffset = 0
        return entered
    }

    // MARK: Keys

    /// Applies an editing key (looked up in `keymap`, the readline keys unless a program
    /// rebinds them) or a paste; anything else (Enter, Esc, Tab, keys with other
    /// modifiers) is left for the field's owner.
    public mutating func handle(_ event: InputEvent, keymap: Keymap = TextEditCommand.defaultKeymap) -> EventDisposition {
        notice = nil
        switch event {
        case .paste(let pasted):
            paste(pasted)
            return .handled
        case .key(let press):
            return handle(press, keymap: keymap)
        default:
            return .ignored
        }
    }

    private mutating func handle(_ press: KeyPress, keymap: Keymap) -> EventDisposition {
        if case .character(let character) = press.key, press.modifiers.isEmpty || press.modifiers == [.shift] {
            insert(String(character))
            if historyIndex != nil { historyIndex = nil }
            return .handled
        }
        guard let command = keymap.action(for: press).flatMap(TextEditCommand.init(rawValue:)) else { return .ignored }
        return perform(command)
    }

    /// Carries out one editing command.
    public mutating func perform(_ command: TextEditCommand) -> EventDisposition {
        let editsHistory = historyIndex != nil
        switch command {
        case .moveLeft: moveLeft()
        case .moveRight: moveRight()
        case .moveToStart: moveToStart()
        case .moveToEnd: moveToEnd()
        case .moveWordLeft: moveWordLeft()
        case .moveWordRight: moveWordRight()
        case .deleteBackward: deleteBackward()
        case .deleteForward: deleteForward()
        case .deleteToStart: deleteToStart()
        case .deleteToEnd: deleteToEnd()
        case .deleteShellWordBackward: deleteWhitespaceWordBackward()
        case .deleteWordBackward: deleteWordBackward()
        case .deleteWordForward: deleteWordForward()
        case .historyBack:
            guard !history.isEmpty else { return .ignored }
            showPreviousHistoryEntry()
            return .handled
        case .historyForward:
            guard historyIndex != nil else { return .ignored }
            showNextHistoryEntry()
            return .handled
        }
        // Editing a recalled entry makes it the new draft.
        if editsHistory { historyIndex = nil }
        return .handled
    }

    // MARK: Scrolling

    /// Adjusts `scrollOffset` so the cursor (and as much text as fits) is visible
    /// in a field `width` cells wide. `measure` gives a grapheme's display width.
    public mutating func scrollToCursor(width: Int, measure: (Character) -> Int = TerminalText.width(of:)) {
        scrollOffset = layout(width: width, measure: measure).scrollOffset
    }

    /// What a field `width` cells wide shows: the visible text and the cursor's
    /// column in it. Pure: starts from the stored `scrollOffset`.
    public func layout(width: Int, measure: (Character) -> Int = TerminalText.width(of:)) -> TextFieldLayout {
        guard width > 0 else { return TextFieldLayout(visibleText: "", cursorColumn: 0, scrollOffset: cursor) }
        var offset = min(scrollOffset, cursor)
        let cursorCell = cursor < characters.count ? max(measure(characters[cursor]), 1) : 1
        func columns(_ range: Range<Int>) -> Int { characters[range].reduce(0) { $0 + max(measure($1), 0) } }
        var beforeCursor = columns(offset..<cursor)
        while offset < cursor, beforeCursor + cursorCell > width {
            beforeCursor -= max(measure(characters[offset]), 0)
            offset += 1
        }
        // After deletions, pull text back in from the left rather than leave a gap.
        var total = columns(offset..<characters.count) + (cursor == characters.count ? 1 : 0)
        while offset > 0, total + max(measure(characters[offset - 1]), 0) <= width {
            offset -= 1
            total += max(measure(characters[offset]), 0)
            beforeCursor += max(measure(characters[offset]), 0)
        }
        var visible = ""
        var used = 0
        for character in characters[offset...] {
            let characterWidth = max(measure(character), 0)
            guard used + characterWidth <= width else { break }
            visible.append(character)
            used += characterWidth
        }
        return TextFieldLayout(visibleText: visible, cursorColumn: beforeCursor, scrollOffset: offset)
    }
}

/// What a text field shows at a given width.
public struct TextFieldLayout: Hashable, Sendable {
    /// The graphemes that fit, starting at `scrollOffset`.
    public var visibleText: String
    /// The cursor's column relative to the field's left edge.
    public var cursorColumn: Int
    /// The first visible grapheme.
    public var scrollOffset: Int
}
