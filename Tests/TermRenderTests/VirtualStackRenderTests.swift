import Testing
@testable import TermRender

@MainActor
@Suite struct VirtualStackRenderTests {
    @MainActor final class Owner {
        var state: VirtualScrollState
        init(_ state: VirtualScrollState = VirtualScrollState()) { self.state = state }
        var binding: Binding<VirtualScrollState> { Binding(get: { self.state }, set: { self.state = $0 }) }
    }

    /// Items of 1, 2 and 3 rows in turn: "item N" then "  more N.k" lines.
    static func item(_ index: Int) -> some View {
        VStack(spacing: 0) {
            Text("item \(index)")
            ForEach(0..<(index % 3)) { line in Text("  more \(index).\(line)") }
        }
    }

    @Test func onlyTheItemsOnScreenAreBuiltWhateverTheCount() {
        var built: Set<Int> = []
        let owner = Owner()
        let view = VirtualStack(itemCount: 1_000_000, state: owner.binding, showsIndicator: false) { index in
            let _ = built.insert(index)
            Self.item(index)
        }
        expectScreen(renderLines(view, width: 14, height: 4), [
            "item 0        ",
            "item 1        ",
            "  more 1.0    ",
            "item 2        ",
        ])
        #expect(built.count <= 8, "built \(built.count) items for a 4-row viewport")
        #expect(owner.state.viewportHeight == 4)
        #expect(owner.state.itemCount == 1_000_000)
    }

    @Test func scrollingByRowsCrossesItemsBothWays() {
        let owner = Owner()
        let view = { VirtualStack(itemCount: 6, state: owner.binding, showsIndicator: false) { Self.item($0) } }
        _ = renderLines(view(), width: 12, height: 3)
        owner.state.scroll(by: 2)
        expectScreen(renderLines(view(), width: 12, height: 3), [
            "  more 1.0  ",
            "item 2      ",
            "  more 2.0  ",
        ])
        #expect((owner.state.firstItem, owner.state.rowInItem) == (1, 1))
        owner.state.scroll(by: -3)
        expectScreen(renderLines(view(), width: 12, height: 3), [
            "item 0      ",
            "item 1      ",
            "  more 1.0  ",
        ])
        #expect((owner.state.firstItem, owner.state.rowInItem) == (0, 0))
    }

    @Test func theEndIsNeverScrolledPastAndBottomShowsTheLastRow() {
        let owner = Owner()
        let view = { VirtualStack(itemCount: 6, state: owner.binding, showsIndicator: false) { Self.item($0) } }
        owner.state.scroll(by: 100)
        let bottom = [
            "  more 4.0  ",
            "item 5      ",
            "  more 5.0  ",
            "  more 5.1  ",
        ]
        expectScreen(renderLines(view(), width: 12, height: 4), bottom)
        owner.state.scrollToTop()
        _ = renderLines(view(), width: 12, height: 4)
        owner.state.scrollToBottom()
        expectScreen(renderLines(view(), width: 12, height: 4), bottom)
        owner.state.pageUp()
        expectScreen(renderLines(view(), width: 12, height: 4), [
            "  more 2.1  ",
            "item 3      ",
            "item 4      ",
            "  more 4.0  ",
        ])
    }

    @Test func contentShorterThanTheViewportStaysAtTheTopWithoutABar() {
        let owner = Owner(VirtualScrollState(firstItem: 1, rowInItem: 0))
        let view = VirtualStack(itemCount: 2, spacing: 1, state: owner.binding) { Self.item($0) }
        expectScreen(renderLines(view, width: 12, height: 5), [
            "item 0      ",
            "            ",
            "item 1      ",
            "  more 1.0  ",
            "            ",
        ])
        #expect((owner.state.firstItem, owner.state.rowInItem) == (0, 0))
    }

    @Test func aLongListShowsAScrollBarThatFollowsTheFirstItem() {
        let owner = Owner()
        let view = { VirtualStack(itemCount: 300, state: owner.binding) { Text("row \($0)") } }
        expectScreen(renderLines(view(), width: 9, height: 3), [
            "row 0   ┃",
            "row 1   │",
            "row 2   │",
        ])
        owner.state.scrollToBottom()
        expectScreen(renderLines(view(), width: 9, height: 3), [
            "row 297 │",
            "row 298 │",
            "row 299 ┃",
        ])
    }

    @Test func noItemsDrawNothing() {
        let owner = Owner(VirtualScrollState(firstItem: 4, rowInItem: 2))
        let view = VirtualStack(itemCount: 0, state: owner.binding) { Text("row \($0)") }
        expectScreen(renderLines(view, width: 4, height: 2), ["    ", "    "])
        #expect(owner.state == VirtualScrollState())
    }
}
