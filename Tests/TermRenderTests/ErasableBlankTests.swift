import Testing
@testable import TermRender

@Suite("Reverse-video blanks restated for erasing")
struct ErasableBlankTests {
    static let selected = Style(foreground: .blue, attributes: .reverse)

    static func row(_ text: String, y: Int = 0, from x: Int = 0, style: Style = selected) -> [CellChange] {
        text.enumerated().map { offset, character in
            CellChange(position: Point(x: x + offset, y: y), cell: Cell(grapheme: String(character), width: 1, style: style))
        }
    }

    @Test func aReverseBlankBecomesABlankOnItsForegroundColour() {
        #expect(ErasableBlank.erasable(Self.selected) == Style(foreground: .default, background: .blue, attributes: []))
    }

    @Test func onlyExactlyEquivalentBlanksAreCandidates() {
        #expect(ErasableBlank.isCandidate(Cell(grapheme: " ", width: 1, style: Self.selected)))
        #expect(!ErasableBlank.isCandidate(Cell(grapheme: "a", width: 1, style: Self.selected)))
        // Reverse on the default foreground: no background colour names that colour.
        #expect(!ErasableBlank.isCandidate(Cell(grapheme: " ", width: 1, style: Style(attributes: .reverse))))
        // An underline shows on a blank; bold may brighten it.
        #expect(!ErasableBlank.isCandidate(Cell(grapheme: " ", width: 1, style: Style(foreground: .blue, attributes: [.reverse, .underline]))))
        #expect(!ErasableBlank.isCandidate(Cell(grapheme: " ", width: 1, style: Style(foreground: .blue, attributes: [.reverse, .bold]))))
        #expect(!ErasableBlank.isCandidate(Cell(grapheme: " ", width: 1, style: Style(foreground: .blue))))
    }

    @Test func onlyLongRunsOnOneRowAreMarked() {
        let text = "ab" + String(repeating: " ", count: 5) + "c" + String(repeating: " ", count: 4)
        let changes = Self.row(text)
        let marked = ErasableBlank.longRuns(in: changes, minimumRun: 4)
        #expect(marked == [false, false, true, true, true, true, true, false, true, true, true, true])
        #expect(ErasableBlank.longRuns(in: changes, minimumRun: 6).allSatisfy { !$0 })
    }

    @Test func aRunStopsAtAGapARowEndAndAStyleChange() {
        // Three blanks at x 0-2, then a gap (x 4-6), then a row break, then another colour.
        let changes = Self.row("   ") + Self.row("   ", from: 4) + Self.row("  ", y: 1)
            + Self.row("  ", y: 1, from: 2, style: Style(foreground: .red, attributes: .reverse))
        #expect(ErasableBlank.longRuns(in: changes, minimumRun: 3) == [true, true, true, true, true, true, false, false, false, false])
        #expect(ErasableBlank.longRuns(in: changes, minimumRun: 4).allSatisfy { !$0 })
    }
}
