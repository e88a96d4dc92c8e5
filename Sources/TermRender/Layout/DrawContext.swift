/// Where layout nodes draw: the frame's buffer plus the area they may touch.
struct DrawContext {
    var buffer: Buffer
    /// Drawing outside this rectangle is discarded.
    var clip: Rect
    /// Where a focused text field wants the terminal cursor, if anywhere.
    var cursor: Point?
    /// Named areas, in drawing order, for mapping mouse positions back to views.
    var regions: [HitRegion] = []

    init(buffer: Buffer) {
        self.buffer = buffer
        self.clip = buffer.bounds
    }

    /// Runs `body` with the clip narrowed to `rect`, then restores it.
    mutating func clipped(to rect: Rect, _ body: (inout DrawContext) -> Void) {
        let saved = clip
        clip = clip.intersection(rect)
        if !clip.isEmpty { body(&self) }
        clip = saved
    }

    /// Writes text at `point`, clipped; returns the columns it advanced.
    ///
    /// A `.default` background shows the background already there, so text keeps a filled backdrop.
    @discardableResult
    mutating func write(_ text: some StringProtocol, at point: Point, style: Style) -> Int {
        var x = point.x
        Glyphs.forEach(in: text) { glyph in
            guard x < clip.maxX else { return false }
            put(glyph, at: Point(x: x, y: point.y), style: style)
            x += glyph.width
            return true
        }
        return x - point.x
    }

    /// Puts one glyph at `point`, clipped; a `.default` background shows the one already there.
    mutating func put(_ glyph: Glyph, at point: Point, style: Style) {
        guard clip.contains(point) else {
            // The right half of a wide glyph cut by the clip's left edge stays visible as a space.
            if glyph.width == 2 && point.x + 1 == clip.minX && point.y >= clip.minY && point.y < clip.maxY {
                put(.space, at: Point(x: clip.minX, y: point.y), style: style)
            }
            return
        }
        var effective = style
        if style.background == .default {
            effective.background = buffer[point].style.background
        }
        buffer.put(glyph, at: point, style: effective, clip: clip)
    }

    /// Lays `style` over every cell of `rect` (clipped): colours other than `.default` replace, attributes add.
    mutating func restyle(_ rect: Rect, with style: Style) {
        buffer.restyle(rect.intersection(clip)) { cell in
            if style.foreground != .default { cell.foreground = style.foreground }
            if style.background != .default { cell.background = style.background }
            cell.attributes.formUnion(style.attributes)
        }
    }

    /// Fills `rect` (clipped) with spaces in `style`.
    mutating func fill(_ rect: Rect, style: Style) {
        buffer.fill(rect.intersection(clip), with: .blank(style))
    }
}
