import Testing
@testable import TermRender

@MainActor
@Suite struct HitTestTests {
    @Test func namedViewsAndTableRowsCanBeFoundByPosition() {
        let backend = TestBackend(size: Size(width: 14, height: 5))
        let session = RenderSession(backend: backend)
        session.render(VStack {
            HStack(spacing: 0) {
                Text("[Save]").hitRegion("save")
                Spacer()
                Text("[Quit]").hitRegion("quit")
            }
            Table(columns: [TableColumn("N")], rowCount: 100, state: TableState(selection: 50)) { ["\($0)"] }
                .hitRegions(id: "orders")
        })
        #expect(session.hitTest(Point(x: 0, y: 0)) == AnyHashable("save"))
        #expect(session.hitTest(Point(x: 5, y: 0)) == AnyHashable("save"))
        #expect(session.hitTest(Point(x: 6, y: 0)) == nil)
        #expect(session.hitTest(Point(x: 7, y: 0)) == nil)
        #expect(session.hitTest(Point(x: 8, y: 0)) == AnyHashable("quit"))
        #expect(session.hitTest(Point(x: 13, y: 0)) == AnyHashable("quit"))
        // The header row names its column; rows 2–4 show data rows 48, 49, 50.
        #expect(session.hitTest(Point(x: 0, y: 1)) == AnyHashable(TableHeaderHit(table: "orders", column: 0)))
        #expect(session.hitTest(Point(x: 3, y: 2)) == AnyHashable(TableRowHit(table: "orders", row: 48)))
        #expect(session.hitTest(Point(x: 3, y: 4)) == AnyHashable(TableRowHit(table: "orders", row: 50)))
        // The scroll bar column belongs to no row.
        #expect(session.hitTest(Point(x: 13, y: 4)) == nil)
    }

    @Test func aModalSheetBlocksWhatIsBehindIt() {
        let view = Text("[Button]    ").hitRegion("button")
            .sheet(isPresented: true, backdrop: .none) { Text("ok").hitRegion("ok") }
        let (_, regions) = FrameRenderer.renderWithRegions(view, size: Size(width: 12, height: 3))
        #expect(regions.topmost(at: Point(x: 0, y: 0))?.id == AnyHashable(ModalBackdropHit()))
        #expect(regions.topmost(at: Point(x: 6, y: 1))?.id == AnyHashable("ok"))
    }
}
