extension Buffer {
    /// The cells of `self` that differ from `old`, in row-major order; every cell when the sizes differ.
    ///
    /// Because writes keep wide glyphs whole, a wide glyph that appears or disappears always changes
    /// both of its cells, so the list holds its continuation cell too; backends draw the wide glyph
    /// from its left cell and treat the continuation (`width == 0`) as covered.
    public func diff(from old: Buffer) -> [CellChange] {
        var changes: [CellChange] = []
        let width = size.width
        guard old.size == size else {
            changes.reserveCapacity(cells.count)
            for (index, cell) in cells.enumerated() {
                changes.append(CellChange(position: Point(x: index % width, y: index / width), cell: cell))
            }
            return changes
        }
        cells.withUnsafeBufferPointer { new in
            old.cells.withUnsafeBufferPointer { previous in
                for index in 0..<new.count where new[index] != previous[index] {
                    changes.append(CellChange(position: Point(x: index % width, y: index / width), cell: new[index]))
                }
            }
        }
        return changes
    }
}
