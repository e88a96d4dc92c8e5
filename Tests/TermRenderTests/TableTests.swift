import Testing
@testable import TermRender

@MainActor
@Suite struct TableTests {
    static let columns = [
        TableColumn("ID", width: .fixed(5), priority: 3),
        TableColumn("Customer", width: .flexible(min: 4), priority: 2),
        TableColumn.numeric("Total", width: .fixed(7), priority: 1),
    ]

    static func row(_ index: Int) -> [Text] {
        ["O-\(index)", "Cust \(index)", "\(index).00"]
    }

    /// A settable box standing in for a model that owns the table state.
    @MainActor final class Owner {
        var state: TableState
        init(_ state: TableState) { self.state = state }
        var binding: Binding<TableState> { Binding(get: { self.state }, set: { self.state = $0 }) }
    }

    @Test func rendersHeaderRowsAlignmentAndSortIndicator() {
        let table = Table(columns: Self.columns, rowCount: 3, state: TableState(selection: 1), sort: TableSort(column: 2, ascending: false), row: Self.row)
            .showsScrollIndicator(false)
        let buffer = FrameRenderer.render(table, size: Size(width: 24, height: 5))
        // 24 columns: ID 5, Customer takes the 10 left over, Total 7 (its title exactly fits with ▼).
        #expect(buffer.lines == [
            "ID    Customer   Total ▼",
            "O-0   Cust 0        0.00",
            "O-1   Cust 1        1.00",
            "O-2   Cust 2        2.00",
            "                        ",
        ])
        // Header in the theme's header style; the selected row a bar edge to edge, gaps included.
        #expect(buffer[x: 0, y: 0].style == Theme.dark.header)
        for x in 0..<24 {
            #expect(buffer[x: x, y: 2].style == Theme.dark.selectedRow, "column \(x)")
            #expect(buffer[x: x, y: 1].style.background == .default)
        }
        // Without colour the bar is reverse video.
        var monochrome = EnvironmentValues()
        monochrome.theme = .monochrome
        let plain = FrameRenderer.render(table, size: Size(width: 24, height: 5), environment: monochrome)
        for x in 0..<24 {
            #expect(plain[x: x, y: 2].style.attributes.contains(.reverse), "column \(x)")
            #expect(!plain[x: x, y: 1].style.attributes.contains(.reverse))
        }
    }

    @Test func millionRowTableBuildsOnlyTheVisibleRows() {
        let owner = Owner(TableState(selection: 500_000))
        var built: [Int] = []
        let table = Table(columns: Self.columns, rowCount: 1_000_000, state: owner.binding) { index in
            built.append(index)
            return Self.row(index)
        }
        let backend = TestBackend(size: Size(width: 30, height: 11))
        let session = RenderSession(backend: backend)
        session.render(table)
        // 11 rows minus the header: exactly ten rows built, ending at the selection.
        #expect(built == Array(499_991...500_000))
        #expect(owner.state.scrollOffset == 499_991)
        #expect(owner.state.visibleRows == 10)
        #expect(backend.screenLines[10] == "O-50… Cust 500000     500000…│")
        // Half-way through the rows, the scroll thumb sits half-way down the 10-row track.
        #expect(backend.screenLines.map { $0.hasSuffix("┃") } == [false, false, false, false, false, true, false, false, false, false, false])
        #expect(backend.cell(x: 0, y: 10).style == Theme.dark.selectedRow)

        built.removeAll()
        owner.state.moveSelection(by: 1, rowCount: 1_000_000)
        backend.resetCounters()
        session.render(Table(columns: Self.columns, rowCount: 1_000_000, state: owner.binding) { index in
            built.append(index)
            return Self.row(index)
        })
        #expect(built == Array(499_992...500_001))
        #expect(owner.state.scrollOffset == 499_992)
    }

    @Test func selectionMoveRedrawsOnlyTheTwoRows() {
        let owner = Owner(TableState(selection: 2))
        let backend = TestBackend(size: Size(width: 24, height: 8))
        let session = RenderSession(backend: backend)
        session.render(Table(columns: Self.columns, rowCount: 5, state: owner.binding, row: Self.row))
        owner.state.moveSelection(by: 1, rowCount: 5)
        backend.resetCounters()
        session.render(Table(columns: Self.columns, rowCount: 5, state: owner.binding, row: Self.row))
        let rows = Set(backend.lastChanges.map(\.position.y))
        #expect(rows == [3, 4])
        #expect(backend.grid == session.currentFrame)
    }

    @Test func columnsDropLowestPriorityFirstWhenNarrow() {
        let table = Table(columns: Self.columns, rowCount: 1, state: TableState(), row: Self.row)
        // Total (priority 1) goes first; Customer gets the remaining 6 columns.
        expectScreen(renderLines(table, width: 12, height: 2), ["ID    Custo…", "O-0   Cust 0"])
        expectScreen(renderLines(table, width: 5, height: 2), ["ID   ", "O-0  "])
        expectScreen(renderLines(table, width: 3, height: 2), ["ID ", "O-0"])
    }

    @Test func wideCellsTruncateWithEllipsisByDisplayWidth() {
        let columns = [TableColumn("Name", width: .fixed(6)), TableColumn.numeric("N", width: .fixed(3))]
        let table = Table(columns: columns, rowCount: 2, state: TableState()) { index in
            index == 0 ? ["日本語の名前", "1234"] : ["Zoë Åberg", "7"]
        }
        expectScreen(renderLines(table, width: 10, height: 3), [
            "Name     N",
            "日本…  12…",
            "Zoë Å…   7",
        ])
    }

    @Test func emptyTableShowsItsPlaceholder() {
        let table = Table(columns: Self.columns, rowCount: 0, state: TableState(selection: 4), row: Self.row)
            .emptyText("No orders match")
        expectScreen(renderLines(table, width: 20, height: 3), [
            "ID    Custo…   Total",
            "No orders match     ",
            "                    ",
        ])
    }

    @Test func outOfRangeStateIsClampedNotTrapped() {
        let owner = Owner(TableState(selection: 99, scrollOffset: -5))
        let backend = TestBackend(size: Size(width: 24, height: 4))
        RenderSession(backend: backend).render(Table(columns: Self.columns, rowCount: 5, state: owner.binding, row: Self.row))
        #expect(owner.state == TableState(selection: 4, scrollOffset: 2, visibleRows: 3))
        #expect(backend.screenLines[3].hasPrefix("O-4"))
    }

    @Test func scrollIndicatorShowsPosition() {
        let table = Table(columns: [TableColumn("N")], rowCount: 100, state: TableState(selection: 99)) { ["\($0)"] }
        expectScreen(renderLines(table, width: 4, height: 5), [
            "N   ",
            "96 │",
            "97 │",
            "98 │",
            "99 ┃",
        ])
    }

    @Test func headerCanBeHiddenAndTinySizesDoNotTrap() {
        let table = Table(columns: Self.columns, rowCount: 3, state: TableState(selection: 0), row: Self.row).showsHeader(false)
        expectScreen(renderLines(table, width: 6, height: 1), ["O-0  ┃"])
        for width in 0...3 {
            for height in 0...2 {
                let lines = renderLines(table, width: width, height: height)
                #expect(lines.count == height)
            }
        }
    }

    @Test(arguments: [
        // 37 after spacing: B is 25% (9), C and D split the 16 left (C stops at its max 12).
        (40, [ColumnSlot(column: 0, x: 0, width: 5), ColumnSlot(column: 1, x: 6, width: 9), ColumnSlot(column: 2, x: 16, width: 12), ColumnSlot(column: 3, x: 29, width: 11)]),
        // 17 after spacing: minimums take 16, the one spare column goes to the first flexible one.
        (20, [ColumnSlot(column: 0, x: 0, width: 5), ColumnSlot(column: 1, x: 6, width: 4), ColumnSlot(column: 2, x: 11, width: 5), ColumnSlot(column: 3, x: 17, width: 3)]),
        // Too narrow for all: B (priority 1) then D (2) are dropped.
        (12, [ColumnSlot(column: 0, x: 0, width: 5), ColumnSlot(column: 2, x: 6, width: 6)]),
    ])
    func columnWidthsFixedFractionAndFlexible(width: Int, expected: [ColumnSlot]) {
        let columns = [
            TableColumn("A", width: .fixed(5), priority: 9),
            TableColumn("B", width: .fraction(0.25, min: 4), priority: 1),
            TableColumn("C", width: .flexible(min: 4, max: 12), priority: 5),
            TableColumn("D", width: .flexible(min: 3), priority: 2),
        ]
        #expect(TableColumnLayout.slots(for: columns, width: width, spacing: 1) == expected)
    }

    /// Spare width goes to flexible columns by weight, up to their maximums; the fixed column never
    /// stretches. 50 wide, 3 spaces: 47 cells; the minimums take 5 + 4 + 4 + 2 = 15, leaving 32.
    /// First round (weights 3 + 1 + 2 = 6): B 32·3/6 = 16, C 32·1/6 = 5 but room for 4 only, D
    /// 32·2/6 = 10; 2 left. Second round (B and D, weights 5): at least a cell each from the left,
    /// B then D. So A 5, B 4+16+1 = 21, C 8, D 2+10+1 = 13 (5 + 21 + 8 + 13 = 47).
    @Test func spareWidthIsSharedByWeight() {
        let columns = [
            TableColumn("A", width: .fixed(5), priority: 9),
            TableColumn("B", width: .flexible(min: 4), priority: 5, weight: 3),
            TableColumn("C", width: .flexible(min: 4, max: 8), priority: 5),
            TableColumn("D", width: .flexible(min: 2), priority: 5, weight: 2),
        ]
        #expect(TableColumnLayout.slots(for: columns, width: 50, spacing: 1) == [
            ColumnSlot(column: 0, x: 0, width: 5), ColumnSlot(column: 1, x: 6, width: 21),
            ColumnSlot(column: 2, x: 28, width: 8), ColumnSlot(column: 3, x: 37, width: 13),
        ])
        // A weight below one counts as one.
        #expect(TableColumn("E", weight: 0).weight == 1)
    }

    @Test func tableStateOperationsClamp() {
        var state = TableState(visibleRows: 10)
        state.moveSelection(by: 1, rowCount: 50)
        #expect(state.selection == 0)
        state.pageDown(rowCount: 50)
        #expect(state.selection == 10 && state.scrollOffset == 1)
        state.selectLast(rowCount: 50)
        #expect(state.selection == 49 && state.scrollOffset == 40)
        state.moveSelection(by: 5, rowCount: 50)
        #expect(state.selection == 49)
        state.pageUp(rowCount: 50)
        #expect(state.selection == 39 && state.scrollOffset == 39)
        state.selectFirst(rowCount: 50)
        #expect(state.selection == 0 && state.scrollOffset == 0)
        state.moveSelection(by: -3, rowCount: 50)
        #expect(state.selection == 0)
        state.clamp(rowCount: 0)
        #expect(state.selection == nil && state.scrollOffset == 0)
        var empty = TableState()
        empty.moveSelection(by: -1, rowCount: 4)
        #expect(empty.selection == 3)
    }
}

@MainActor
@Suite struct TableStyleTests {
    @Test func customSelectionStyle() {
        let table = Table(columns: [TableColumn("N")], rowCount: 2, state: TableState(selection: 0)) { ["\($0)"] }
            .selectionStyle(Style(attributes: .underline))
        let buffer = FrameRenderer.render(table, size: Size(width: 3, height: 3))
        #expect(buffer[x: 0, y: 1].style == Style(attributes: .underline))
        #expect(buffer[x: 2, y: 1].style == Style(attributes: .underline))
        #expect(buffer[x: 0, y: 2].style == .plain)
    }
}

@MainActor
@Suite struct TableInScrollViewTests {
    @Test func aTableInsideAScrollViewBuildsOnlyTheRowsInTheViewport() {
        var built: [Int] = []
        let view = ScrollView(offset: 500, showsIndicator: false) {
            Table(columns: [TableColumn("N")], rowCount: 1_000_000, state: TableState()) { index in
                built.append(index)
                return ["\(index)"]
            }
        }
        let lines = renderLines(view, width: 8, height: 3)
        // Content row 500 is table row 499 (row 0 of the content is the header).
        #expect(lines == ["499     ", "500     ", "501     "])
        #expect(built == [499, 500, 501])
    }
}
