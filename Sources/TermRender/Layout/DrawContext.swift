/// Where layout nodes draw: the frame's buffer plus the area they may touch.
struct DrawContext {
    var buffer: Buffer
    /// Drawing outside this rectangle is discarded.
    var clip: Rect
    /// Where a focused text field wants the terminal cursor, if anywhere.
    var cursor: Point?

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
    @discardableResult
    mutating func write(_ text: some StringProtocol, at point: Point, style: Style) -> Int {
        buffer.write(text, at: point, style: style, clip: clip)
    }

    /// Puts one glyph at `point`, clipped.
    mutating func put(_ glyph: Glyph, at point: Point, style: Style) {
        buffer.put(glyph, at: point, style: style, clip: clip)
    }

    /// Fills `rect` (clipped) with spaces in `style`.
    mutating func fill(_ rect: Rect, style: Style) {
        buffer.fill(rect.intersection(clip), with: .blank(style))
    }
}
