import Testing
@testable import TermRender

/// Text from data must never reach the terminal as control or escape sequences.
@MainActor
@Suite struct InjectionRenderTests {
    static let hostile = "A\u{1B}[2J\u{1B}]0;pwned\u{07}B\u{08}\u{08}C\rD\u{9B}31mE\u{202E}F\u{2067}G\u{7F}"

    func expectOnlyInertCells(_ backend: TestBackend, sourceLocation: SourceLocation = #_sourceLocation) {
        for y in 0..<backend.size.height {
            for x in 0..<backend.size.width {
                for scalar in backend.cell(x: x, y: y).grapheme.unicodeScalars {
                    let value = scalar.value
                    let isControl = value < 0x20 || (0x7F...0x9F).contains(value)
                    let isBidi = (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value) || value == 0x200E || value == 0x200F
                    #expect(!isControl && !isBidi, "U+\(String(value, radix: 16)) at (\(x),\(y))", sourceLocation: sourceLocation)
                }
            }
        }
    }

    @Test func textWithEscapesRendersAsVisiblePlaceholders() {
        let backend = TestBackend(size: Size(width: 34, height: 1))
        RenderSession(backend: backend).render(Text(Self.hostile))
        expectScreen(backend.screenLines, ["A␛[2J␛]0;pwned␇B␈␈C␍D�31mE�F�G␡   "])
        expectOnlyInertCells(backend)
    }

    @Test func tableCellsAndTitlesAreSanitisedToo() {
        let backend = TestBackend(size: Size(width: 40, height: 4))
        let table = Table(columns: [TableColumn("\u{1B}[1mT", width: .flexible())], rowCount: 1, state: TableState()) { _ in
            [Text(Self.hostile)]
        }
        RenderSession(backend: backend).render(VStack { table.frame(height: 2); Text("x").border(title: "\u{1B}]8;;evil\u{07}") })
        expectOnlyInertCells(backend)
        #expect(backend.screenLines[0].hasPrefix("␛[1mT"))
        #expect(backend.screenLines[1].hasPrefix("A␛[2J␛]0;pwned␇B␈␈C␍D�31mE�F�G␡"))
    }
}
