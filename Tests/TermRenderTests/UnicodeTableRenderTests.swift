import TerminalText
import Testing
@testable import TermRender

/// Names in any script must keep every later column at the same screen column.
@MainActor
@Suite struct UnicodeTableRenderTests {
    static let names = [
        "Ann Lee",
        "Zoë Åberg", // precomposed accents
        "Zoe\u{308} A\u{30A}berg", // the same with combining marks
        "山田太郎",
        "김민준",
        "Ana 👍🏽 Silva",
        "Fam 👨‍👩‍👧",
        "Ωμέγα ❤️",
        "新しい顧客の名前がとても長い",
    ]

    @Test func everyRowKeepsItsColumnsAligned() {
        let columns = [TableColumn("Name", width: .fixed(12)), TableColumn.numeric("Total", width: .fixed(6)), TableColumn("End", width: .fixed(3))]
        let table = Table(columns: columns, rowCount: Self.names.count, state: TableState()) { index in
            [Text(Self.names[index]), "\(index).00", "|"]
        }
        let buffer = FrameRenderer.render(table, size: Size(width: 23, height: Self.names.count + 1))
        #expect(buffer.lines == [
            "Name          Total End",
            "Ann Lee        0.00 |  ",
            "Zoë Åberg      1.00 |  ",
            "Zoë Åberg      2.00 |  ",
            "山田太郎       3.00 |  ",
            "김민준         4.00 |  ",
            "Ana 👍🏽 Si…   5.00 |  ",
            "Fam 👨👩👧     6.00 |  ",
            "Ωμέγα ❤️        7.00 |  ",
            "新しい顧客…    8.00 |  ",
        ])
        for row in 1...Self.names.count {
            // Column 20 is "|" in every row: nothing before it drifted.
            #expect(buffer[x: 20, y: row].grapheme == "|", "row \(row)")
            #expect(buffer[x: 18, y: row].grapheme == "0", "row \(row)")
            // The name column's cells cover exactly its 12 columns: wide glyphs are whole, never split.
            let nameWidth = (0..<12).reduce(0) { $0 + Int(buffer[x: $1, y: row].width) }
            #expect(nameWidth == 12, "row \(row)")
        }
    }

    @Test func displayWidthsOfTheNames() {
        #expect(Self.names.map { TerminalText.width(of: $0) } == [7, 9, 9, 8, 6, 14, 10, 7, 28])
    }
}
