import Testing
@testable import TermRender

@MainActor
@Suite struct TextFieldRenderTests {
    func render(_ field: some View, width: Int) -> (lines: [String], cursor: Point?) {
        let backend = TestBackend(size: Size(width: width, height: 1))
        RenderSession(backend: backend).render(field)
        return (backend.screenLines, backend.cursor)
    }

    @Test func showsTextAndPutsTheCursorAfterIt() {
        let result = render(TextFieldView(text: "abc", cursor: 3), width: 8)
        #expect(result.lines == ["abc     "])
        #expect(result.cursor == Point(x: 3, y: 0))
    }

    @Test func placeholderWhenEmptyInPlaceholderStyle() {
        let buffer = FrameRenderer.render(TextFieldView(text: "", cursor: 0, placeholder: "Search orders"), size: Size(width: 10, height: 1))
        #expect(buffer.lines == ["Search or…"])
        #expect(buffer[x: 0, y: 0].style == Theme.dark.placeholder)
        #expect(render(TextFieldView(text: "", cursor: 0, placeholder: "Search"), width: 8).cursor == Point(x: 0, y: 0))
    }

    @Test func scrollsSidewaysToKeepTheCursorVisible() {
        let text = "0123456789abcdef"
        let atEnd = render(TextFieldView(text: text, cursor: 16), width: 8)
        #expect(atEnd.lines == ["…abcdef "])
        #expect(atEnd.cursor == Point(x: 7, y: 0))
        let atStart = render(TextFieldView(text: text, cursor: 0), width: 8)
        #expect(atStart.lines == ["0123456…"])
        #expect(atStart.cursor == Point(x: 0, y: 0))
        let middle = render(TextFieldView(text: text, cursor: 10), width: 8)
        #expect(middle.lines == ["…456789a"])
        #expect(middle.cursor == Point(x: 7, y: 0))
    }

    @Test func wideCharactersMoveTheCursorByTwo() {
        let result = render(TextFieldView(text: "中文ab", cursor: 2), width: 8)
        #expect(result.lines == ["中文ab  "])
        #expect(result.cursor == Point(x: 4, y: 0))
    }

    @Test func unfocusedFieldLeavesTheCursorHidden() {
        #expect(render(TextFieldView(text: "abc", cursor: 1, isFocused: false), width: 5).cursor == nil)
    }

    @Test func controlCharactersInTheTextAreInert() {
        let result = render(TextFieldView(text: "a\u{1B}[2Jb\n", cursor: 99), width: 10)
        #expect(result.lines == ["a␛[2Jb␊   "])
        #expect(result.cursor == Point(x: 7, y: 0))
    }
}

@MainActor
@Suite struct TextEditorRenderTests {
    func render(_ editor: TextEditorView, width: Int, height: Int) -> (lines: [String], cursor: Point?) {
        let backend = TestBackend(size: Size(width: width, height: height))
        RenderSession(backend: backend).render(editor)
        return (backend.screenLines, backend.cursor)
    }

    @Test func wrapsAfterSpacesAndPlacesTheCursorInItsLine() {
        // Lines: "call ", "before ", "noon ", "please"; character 12 is the "n" of "noon".
        let middle = render(TextEditorView(text: "call before noon please", cursor: 12), width: 10, height: 3)
        #expect(middle.lines == ["call      ", "before    ", "noon      "])
        #expect(middle.cursor == Point(x: 0, y: 2))
    }

    @Test func scrollsDownToTheCursorLine() {
        let end = render(TextEditorView(text: "call before noon please", cursor: 23), width: 10, height: 3)
        #expect(end.lines == ["before    ", "noon      ", "please    "])
        #expect(end.cursor == Point(x: 6, y: 2))
    }

    @Test func lineFeedsBreakLinesAndTheCursorCanSitBeforeThem() {
        #expect(render(TextEditorView(text: "ab\ncd", cursor: 2), width: 5, height: 2) == (["ab   ", "cd   "], Point(x: 2, y: 0)))
        #expect(render(TextEditorView(text: "ab\ncd", cursor: 3), width: 5, height: 2).cursor == Point(x: 0, y: 1))
        #expect(render(TextEditorView(text: "ab\n", cursor: 3), width: 5, height: 2).cursor == Point(x: 0, y: 1))
    }

    @Test func cursorAfterAFullLineStartsTheNextLine() {
        let result = render(TextEditorView(text: "abcd", cursor: 4), width: 4, height: 2)
        #expect(result.lines == ["abcd", "    "])
        #expect(result.cursor == Point(x: 0, y: 1))
    }

    @Test func longWordsBreakAnywhere() {
        let result = render(TextEditorView(text: "abcdefghij", cursor: 5), width: 4, height: 3)
        #expect(result.lines == ["abcd", "efgh", "ij  "])
        #expect(result.cursor == Point(x: 1, y: 1))
    }

    @Test func placeholderWhenEmpty() {
        let result = render(TextEditorView(text: "", cursor: 0, placeholder: "Add a note"), width: 12, height: 2)
        #expect(result.lines == ["Add a note  ", "            "])
        #expect(result.cursor == Point(x: 0, y: 0))
    }
}
