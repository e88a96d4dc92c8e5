import Testing
@testable import TermRender

@Suite struct DiffTests {
    @Test func identicalBuffersHaveNoChanges() {
        var buffer = Buffer(size: Size(width: 5, height: 2))
        buffer.write("hello", at: .zero)
        #expect(buffer.diff(from: buffer).isEmpty)
    }

    @Test func diffListsExactlyTheChangedCellsInRowMajorOrder() {
        var old = Buffer(size: Size(width: 5, height: 3))
        old.write("abcde", at: Point(x: 0, y: 0))
        old.write("fghij", at: Point(x: 0, y: 2))
        var new = old
        new.write("X", at: Point(x: 3, y: 2))
        new.write("Y", at: Point(x: 1, y: 0))
        new.write("Z", at: Point(x: 4, y: 1))
        let changes = new.diff(from: old)
        #expect(changes.map(\.position) == [Point(x: 1, y: 0), Point(x: 4, y: 1), Point(x: 3, y: 2)])
        #expect(changes.map(\.cell.grapheme) == ["Y", "Z", "X"])
    }

    @Test func styleOnlyChangeIsAChange() {
        var old = Buffer(size: Size(width: 3, height: 1))
        old.write("abc", at: .zero)
        var new = Buffer(size: Size(width: 3, height: 1))
        new.write("abc", at: .zero)
        new.write("b", at: Point(x: 1, y: 0), style: Style(attributes: .reverse))
        let changes = new.diff(from: old)
        #expect(changes == [CellChange(position: Point(x: 1, y: 0), cell: Cell(grapheme: "b", width: 1, style: Style(attributes: .reverse)))])
    }

    @Test func wideGlyphChangeIncludesItsContinuation() {
        var old = Buffer(size: Size(width: 4, height: 1))
        old.write("abcd", at: .zero)
        var new = old
        new.write("中", at: Point(x: 1, y: 0))
        let changes = new.diff(from: old)
        #expect(changes == [
            CellChange(position: Point(x: 1, y: 0), cell: Cell(grapheme: "中", width: 2)),
            CellChange(position: Point(x: 2, y: 0), cell: .continuation()),
        ])
        // And back: both halves become narrow cells again.
        let back = old.diff(from: new)
        #expect(back.map(\.position) == [Point(x: 1, y: 0), Point(x: 2, y: 0)])
        #expect(back.map(\.cell.grapheme) == ["b", "c"])
    }

    @Test func resizedBufferSendsEveryCell() {
        let old = Buffer(size: Size(width: 2, height: 2))
        let new = Buffer(size: Size(width: 3, height: 1))
        let changes = new.diff(from: old)
        #expect(changes.map(\.position) == [Point(x: 0, y: 0), Point(x: 1, y: 0), Point(x: 2, y: 0)])
    }
}
