import Testing
@testable import TermRender

@MainActor
@Suite struct ScrollAndOverlayRenderTests {
    @MainActor final class Owner<Value> {
        var value: Value
        init(_ value: Value) { self.value = value }
        var binding: Binding<Value> { Binding(get: { self.value }, set: { self.value = $0 }) }
    }

    static let paragraph = "one two three four five six seven eight nine ten"

    @Test func scrollViewShowsAWindowOfWrappedText() {
        let owner = Owner(ScrollState(offset: 2))
        let view = ScrollView(state: owner.binding) { Text(Self.paragraph) }
        expectScreen(renderLines(view, width: 10, height: 3), [
            "four five│",
            "six seven┃",
            "eight    │",
        ])
        #expect(owner.value == ScrollState(offset: 2, contentHeight: 6, viewportHeight: 3))
    }

    @Test func scrollOffsetIsClampedAndPagesKeepOneLine() {
        let owner = Owner(ScrollState(offset: 99))
        let view = ScrollView(state: owner.binding) { Text(Self.paragraph) }
        expectScreen(renderLines(view, width: 10, height: 3), [
            "six seven│",
            "eight    │",
            "nine ten ┃",
        ])
        #expect(owner.value.offset == 3)
        owner.value.pageUp()
        #expect(owner.value.offset == 1)
        owner.value.scrollToTop()
        owner.value.scroll(by: -4)
        #expect(owner.value.offset == 0)
        owner.value.pageDown()
        #expect(owner.value.offset == 2)
        owner.value.scrollToBottom()
        #expect(owner.value.offset == 3)
    }

    @Test func shortContentNeedsNoIndicator() {
        expectScreen(renderLines(ScrollView(offset: 5) { Text("short") }, width: 8, height: 2), ["short   ", "        "])
    }

    @Test func sheetDrawsCentredOverADimmedScreen() {
        let screen = VStack {
            Text("aaaaaaaaaaaaaaaa")
            Text("bbbbbbbbbbbbbbbb")
            Text("cccccccccccccccc")
            Text("dddddddddddddddd")
            Text("eeeeeeeeeeeeeeee")
        }
        .sheet(isPresented: true, title: "Hi") { Text("sheet") }
        let buffer = FrameRenderer.render(screen, size: Size(width: 16, height: 5))
        #expect(buffer.lines == [
            "aaaaaaaaaaaaaaaa",
            "bbbb╭ Hi ─╮bbbbb",
            "cccc│sheet│ccccc",
            "dddd╰─────╯ddddd",
            "eeeeeeeeeeeeeeee",
        ])
        #expect(buffer[x: 0, y: 0].style.attributes.contains(.dim))
        #expect(!buffer[x: 5, y: 2].style.attributes.contains(.dim))
        let hidden = FrameRenderer.render(Text("x").sheet(isPresented: false) { Text("sheet") }, size: Size(width: 3, height: 1))
        #expect(hidden.lines == ["x  "])
        #expect(hidden[x: 0, y: 0].style == .plain)
    }

    @Test func clearBackdropBlanksTheScreen() {
        let view = Text("xxxxxxxxxx\nxxxxxxxxxx\nxxxxxxxxxx").sheet(isPresented: true, backdrop: .clear) { Text("!") }
        expectScreen(renderLines(view, width: 10, height: 3), ["   ╭─╮    ", "   │!│    ", "   ╰─╯    "])
    }

    @Test func alertDialogShowsMessageAndSelectedButton() {
        let dialog = AlertDialog(
            title: "Cancel order?",
            message: "ORD-1 will be cancelled.",
            buttons: [.init("Keep", role: .cancel), .init("Cancel order", role: .destructive)],
            selectedButton: 1
        )
        let buffer = FrameRenderer.render(Text("").frame(maxWidth: .infinity, maxHeight: .infinity).alert(isPresented: true, dialog), size: Size(width: 40, height: 7))
        #expect(buffer.lines == [
            "                                        ",
            "     ╭ Cancel order? ─────────────╮     ",
            "     │  ORD-1 will be cancelled.  │     ",
            "     │                            │     ",
            "     │ [ Keep ]  [ Cancel order ] │     ",
            "     ╰────────────────────────────╯     ",
            "                                        ",
        ])
        // The selected, destructive button: reverse video (works without colour) in the danger colour.
        #expect(buffer[x: 20, y: 4].style.attributes.contains(.reverse))
        #expect(buffer[x: 20, y: 4].style.attributes.contains(.bold))
        #expect(!buffer[x: 9, y: 4].style.attributes.contains(.reverse))
    }

    @Test func toastAppearsOverTheBottomEdgeOnlyWithAMessage() {
        let base = Text("..........\n..........\n..........")
        expectScreen(renderLines(base.toast(Text("Saved")), width: 10, height: 3), ["..........", ". Saved ..", ".........."])
        expectScreen(renderLines(base.toast(nil), width: 10, height: 3), ["..........", "..........", ".........."])
    }

    @Test func listBuildsOnlyVisibleRows() {
        let owner = Owner(TableState(selection: 7))
        var built: [Int] = []
        let list = List(rowCount: 50, state: owner.binding) { index in
            built.append(index)
            return Text("item \(index)")
        }
        expectScreen(renderLines(list, width: 9, height: 3), ["item 5  ┃", "item 6  │", "item 7  │"])
        #expect(built == [5, 6, 7])
    }
}
