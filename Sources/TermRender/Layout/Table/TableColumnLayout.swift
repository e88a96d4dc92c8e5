/// Where one column of a table is drawn.
struct ColumnSlot: Hashable {
    /// The column's index in the table's configuration.
    var column: Int
    /// Offset from the table's left edge.
    var x: Int
    var width: Int
}

/// Decides which columns fit in a width and how wide each is.
enum TableColumnLayout {
    /// The columns that fit in `width` with `spacing` between them, left to right.
    ///
    /// Columns are dropped, lowest priority first (ties: rightmost first), until the minimum widths
    /// fit. Then fixed columns get their width, fractional ones their share, flexible ones their
    /// minimum, and what is left is split between flexible columns in proportion to their weights
    /// (`TableColumn.weight`; cells a division leaves over go one each from the left), up to their
    /// maximums; what a column at its maximum cannot take goes round the others again.
    /// A single remaining column always gets the whole width, even below its minimum.
    static func slots(for columns: [TableColumn], width: Int, spacing: Int) -> [ColumnSlot] {
        guard width > 0, !columns.isEmpty else { return [] }
        var kept = Array(columns.indices)
        func required() -> Int {
            kept.reduce(0) { $0 + columns[$1].width.minimum } + spacing * (kept.count - 1)
        }
        while kept.count > 1 && required() > width {
            // Lowest priority first; among equals the rightmost (largest offset, so smallest -offset).
            let victim = kept.enumerated().min { a, b in
                (columns[a.element].priority, -a.offset) < (columns[b.element].priority, -b.offset)
            }
            if let victim { kept.remove(at: victim.offset) }
        }
        if kept.count == 1 { return [ColumnSlot(column: kept[0], x: 0, width: width)] }

        let available = width - spacing * (kept.count - 1)
        var widths = kept.map { index -> Int in
            switch columns[index].width {
            case .fixed(let fixed): max(0, fixed)
            case .flexible(let minimum, _): max(0, minimum)
            case .fraction(let fraction, let minimum): max(max(0, minimum), Int(max(0, min(1, fraction)) * Double(available)))
            }
        }
        // Fractions adding up to more than the space shrink back, rightmost first.
        var excess = widths.reduce(0, +) - available
        for position in kept.indices.reversed() where excess > 0 {
            guard case .fraction(_, let minimum) = columns[kept[position]].width else { continue }
            let give = min(excess, widths[position] - max(0, minimum))
            widths[position] -= give
            excess -= give
        }
        var extra = available - widths.reduce(0, +)
        var growable = kept.indices.filter { position in
            if case .flexible = columns[kept[position]].width { return true }
            return false
        }
        while extra > 0 && !growable.isEmpty {
            let round = extra
            let totalWeight = growable.reduce(0) { $0 + columns[kept[$1]].weight }
            var stillGrowable: [Int] = []
            for position in growable where extra > 0 {
                guard case .flexible(_, let maximum) = columns[kept[position]].width else { continue }
                let room = maximum.map { $0 - widths[position] } ?? Int.max
                let share = max(1, round * columns[kept[position]].weight / totalWeight)
                let give = min(share, room, extra)
                widths[position] += give
                extra -= give
                if room > give { stillGrowable.append(position) }
            }
            growable = stillGrowable
        }
        var slots: [ColumnSlot] = []
        var x = 0
        for (position, index) in kept.enumerated() {
            slots.append(ColumnSlot(column: index, x: x, width: widths[position]))
            x += widths[position] + spacing
        }
        return slots
    }
}
