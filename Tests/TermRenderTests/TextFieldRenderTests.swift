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
