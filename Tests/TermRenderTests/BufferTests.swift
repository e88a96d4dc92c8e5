import Testing
@testable import TermRender

@Suite struct BufferTests {
    @Test func writesTextAndDumpsLines() {
        var buffer = Buffer(size: Size(width: 6, height: 2))
        let used = buffer.write("hi 中", at: Point(x: 1, y: 0))
        #expect(used == 5)
        #expect(buffer.lines == [" hi 中", "      "])
        #expect(buffer[x: 4, y: 0] == Cell(grapheme: "中", width: 2))
        #expect(buffer[x: 5, y: 0].isContinuation)
    }

    @Test func wideGlyphThatDoesNotFitBecomesASpace() {
        var buffer = Buffer(size: Size(width: 4, height: 1))
        buffer.write("ab中", at: Point(x: 1, y: 0))
        #expect(buffer.lines == [" ab "])
        #expect(buffer[x: 3, y: 0] == Cell(grapheme: " ", width: 1))
        var clipped = Buffer(size: Size(width: 6, height: 1))
        clipped.write("a中b", at: Point(x: 0, y: 0), clip: Rect(x: 0, y: 0, width: 2, height: 1))
        #expect(clipped.lines == ["a     "])
    }

    @Test func wideGlyphCutByLeftClipLeavesASpace() {
        var buffer = Buffer(size: Size(width: 5, height: 1), filledWith: Cell(grapheme: ".", width: 1))
        buffer.write("中ab", at: Point(x: 0, y: 0), clip: Rect(x: 1, y: 0, width: 4, height: 1))
        #expect(buffer.lines == [". ab."])
    }

    @Test func overwritingHalfAWideGlyphClearsBothHalves() {
        var buffer = Buffer(size: Size(width: 4, height: 1))
        buffer.write("中中", at: .zero)
        buffer.write("x", at: Point(x: 1, y: 0))
        #expect(buffer.lines == [" x中"])
        #expect(buffer[x: 0, y: 0] == .blank())
        buffer.write("y", at: Point(x: 2, y: 0))
        #expect(buffer.lines == [" xy "])
        #expect(!buffer.cells.contains { $0.isContinuation })
    }

    @Test func wideGlyphOverTheLeftHalfOfAnotherClearsItsRightHalf() {
        var buffer = Buffer(size: Size(width: 4, height: 1))
        buffer.write("中中", at: .zero)
        buffer.write("日", at: Point(x: 1, y: 0))
        #expect(buffer.lines == [" 日 "])
    }

    @Test func fillRepairsWideGlyphsAtItsEdges() {
        var buffer = Buffer(size: Size(width: 6, height: 1))
        buffer.write("中中中", at: .zero)
        buffer.fill(Rect(x: 1, y: 0, width: 3, height: 1), with: Cell(grapheme: "-", width: 1))
        #expect(buffer.lines == [" ---中"]) // the first 中 lost its right half; the last is untouched
    }

    @Test func zeroSizedBufferIgnoresEverything() {
        var buffer = Buffer(size: Size(width: 0, height: -3))
        #expect(buffer.size == .zero)
        #expect(buffer.write("hello", at: .zero) == 0)
        buffer.fill(Rect(x: -5, y: -5, width: 20, height: 20), with: .blank())
        #expect(buffer.lines == [])
    }

    @Test func writesOutsideTheGridAreClipped() {
        var buffer = Buffer(size: Size(width: 3, height: 1))
        buffer.write("abcdef", at: Point(x: -2, y: 0))
        #expect(buffer.lines == ["cde"])
        buffer.write("zz", at: Point(x: 0, y: 5))
        #expect(buffer.lines == ["cde"])
    }
}
