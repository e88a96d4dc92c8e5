/// Restates long runs of reverse-video blanks as plain blanks on a background
/// colour, which look the same but which ncurses may erase instead of spell out.
///
/// A selected row is reverse video, and ncurses sends every blank of it as a
/// space: it may only erase a run with ECH (`ESC[nX` and a cursor move, about
/// 15 bytes) when the blank has no attribute but colour, and it never uses REP
/// in a UTF-8 locale. A space shows nothing but its background, and under
/// reverse video its background is its foreground colour, so `reverse + fg F`
/// and `bg F` put the very same pixels on screen. Only exact cases are
/// rewritten: an underline would show, bold may brighten the colour on some
/// terminals, and a default foreground has no background colour that names it.
/// Short runs stay as they are: switching attributes there and back costs
/// about 30 bytes, more than the spaces it would save.
enum ErasableBlank {
    /// Runs shorter than this are cheaper as spaces.
    static let minimumRun = 40

    /// Whether `cell` may be restated as a background-coloured blank.
    static func isCandidate(_ cell: Cell) -> Bool {
        cell.grapheme == " " && cell.style.attributes == .reverse && cell.style.foreground != .default
    }

    /// The same-looking blank that ncurses can erase.
    static func erasable(_ style: Style) -> Style {
        Style(foreground: .default, background: style.foreground, attributes: [])
    }

    /// For each change, whether it lies in a run of at least `minimumRun`
    /// adjacent candidate blanks of one style on one row. Changes arrive in row-major order.
    static func longRuns(in changes: [CellChange], minimumRun: Int = minimumRun) -> [Bool] {
        runs(in: changes, minimumRun: minimumRun, of: isCandidate)
    }

    /// Whether `cell` is a space in a style that shows nothing on it: no background colour, no
    /// reverse, no underline (a foreground colour, bold or italic draw nothing on a space).
    static func looksPlain(_ cell: Cell) -> Bool {
        cell.grapheme == " " && cell.style != .plain && cell.style.background == .default
            && cell.style.attributes.isDisjoint(with: [.reverse, .underline])
    }

    /// For each change, whether it is a blank that looks plain, in a run of at least three of one
    /// style. Such a run is sent as plain blanks, which match what the screen may already show
    /// (then nothing is sent at all) and may be erased; a single space between coloured words
    /// keeps its colour, or it would cost an attribute switch there and back.
    static func plainRuns(in changes: [CellChange]) -> [Bool] {
        runs(in: changes, minimumRun: 3, of: looksPlain)
    }

    private static func runs(in changes: [CellChange], minimumRun: Int, of isCandidate: (Cell) -> Bool) -> [Bool] {
        var result = [Bool](repeating: false, count: changes.count)
        var start = 0
        while start < changes.count {
            guard isCandidate(changes[start].cell) else {
                start += 1
                continue
            }
            var end = start + 1
            while end < changes.count,
                  changes[end].position.y == changes[start].position.y,
                  changes[end].position.x == changes[end - 1].position.x + 1,
                  changes[end].cell == changes[start].cell {
                end += 1
            }
            if end - start >= minimumRun {
                for index in start..<end { result[index] = true }
            }
            start = end
        }
        return result
    }
}
