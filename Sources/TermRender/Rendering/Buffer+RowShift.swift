extension Buffer {
    /// The band of rows that is cheapest to move rather than redraw on the way from `old` to
    /// `self`, or nil when no move would save enough.
    ///
    /// For each shift of up to `maximumLines` either way, every row is scored by what it would no
    /// longer need to send: the cost of turning the row in place into the new one, minus the cost
    /// of turning the row it would take the place of into it. A row's cost is its differing cells
    /// plus a cursor move's worth for each run of them. Rows need not match exactly (a scroll
    /// indicator or a selection bar may differ), which is why costs are counted rather than whole
    /// rows matched. The best contiguous band, less what redrawing the rows it uncovers costs,
    /// wins when it saves at least `minimumSaving`: a scroll region, the move and a cursor move
    /// cost about 25 bytes.
    public func rowShift(from old: Buffer, maximumLines: Int = 3, minimumSaving: Int = 64) -> RowShift? {
        guard old.size == size, size.height > 2, size.width > 0 else { return nil }
        let height = size.height
        let stay = (0..<height).map { changeCost(row: $0, from: old, row: $0) }
        // A frame with fewer than three changed rows (a selection moving) has nothing worth moving.
        guard stay.lazy.filter({ $0 > 0 }).count >= 3 else { return nil }
        // What a row costs when the scroll leaves it blank instead of as it was.
        let uncover = (0..<height).map { blankCost(row: $0) - stay[$0] }
        var best: (saving: Int, shift: RowShift)?
        for lines in (1...max(1, maximumLines)).flatMap({ [$0, -$0] }) where abs(lines) < height {
            // New row y takes old row y + lines: possible for y in `rows`.
            let rows = lines > 0 ? 0..<(height - lines) : -lines..<height
            var prefix = [0]
            for y in rows { prefix.append(prefix[prefix.count - 1] + stay[y] - changeCost(row: y, from: old, row: y + lines)) }
            // Every band first…last (a few thousand at most), with the rows it uncovers.
            for first in rows {
                for last in first..<rows.upperBound {
                    let moved = prefix[last - rows.lowerBound + 1] - prefix[first - rows.lowerBound]
                    guard moved >= minimumSaving, moved > (best?.saving ?? 0) else { continue }
                    let uncovered = lines > 0 ? (last + 1)..<(last + 1 + lines) : (first + lines)..<first
                    let total = moved - uncovered.reduce(0) { $0 + uncover[$1] }
                    guard total >= minimumSaving, total > (best?.saving ?? 0) else { continue }
                    let region = lines > 0 ? first...(last + lines) : (first + lines)...last
                    best = (total, RowShift(region: region, lines: lines))
                }
            }
        }
        return best?.shift
    }

    /// The buffer a terminal shows after it scrolls `shift.region` by `shift.lines`.
    public func scrolled(by shift: RowShift) -> Buffer {
        var result = self
        let width = size.width
        let top = max(0, shift.region.lowerBound), bottom = min(size.height - 1, shift.region.upperBound)
        guard top <= bottom, width > 0 else { return result }
        for y in top...bottom {
            let source = y + shift.lines
            let target = y * width
            if source >= top && source <= bottom {
                for x in 0..<width { result.cells[target + x] = cells[source * width + x] }
            } else {
                for x in 0..<width { result.cells[target + x] = .blank() }
            }
        }
        return result
    }

    /// Roughly the bytes it takes to turn row `oldY` of `old` into row `y`: the differing cells,
    /// and a cursor move for each run of them.
    private func changeCost(row y: Int, from old: Buffer, row oldY: Int) -> Int {
        let width = size.width
        return cells.withUnsafeBufferPointer { new in
            old.cells.withUnsafeBufferPointer { previous in
                Self.changeCost(width: width) { new[y * width + $0] != previous[oldY * width + $0] }
            }
        }
    }

    /// Roughly the bytes it takes to draw row `y` on a blank row.
    private func blankCost(row y: Int) -> Int {
        let blank = Cell.blank(), width = size.width
        return cells.withUnsafeBufferPointer { new in
            Self.changeCost(width: width) { new[y * width + $0] != blank }
        }
    }

    /// A cursor move costs about this many bytes.
    private static let cursorMoveCost = 6

    private static func changeCost(width: Int, differs: (Int) -> Bool) -> Int {
        var cost = 0, inRun = false
        for x in 0..<width {
            if differs(x) {
                cost += inRun ? 1 : 1 + cursorMoveCost
                inRun = true
            } else {
                inRun = false
            }
        }
        return cost
    }
}
