/// A glyph with the style it is drawn in.
struct StyledGlyph: Hashable {
    var glyph: Glyph
    var style: Style
}

/// Breaking styled text into lines by display width: word wrapping and truncation with `…`.
enum TextLayout {
    /// `text` split at line feeds into paragraphs of glyphs, each styled by its run over `base`.
    static func paragraphs(of runs: [Text.Run], base: StylePatch) -> [[StyledGlyph]] {
        var paragraphs: [[StyledGlyph]] = [[]]
        for run in runs {
            let style = run.style.over(base).style
            var first = true
            for piece in run.string.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
                if !first { paragraphs.append([]) }
                first = false
                Glyphs.forEach(in: piece) { glyph in
                    paragraphs[paragraphs.count - 1].append(StyledGlyph(glyph: glyph, style: style))
                    return true
                }
            }
        }
        return paragraphs
    }

    /// The display width of a line.
    static func width(of line: [StyledGlyph]) -> Int {
        line.reduce(0) { $0 + $1.glyph.width }
    }

    /// `paragraph` wrapped into lines at most `width` wide, breaking after spaces where possible.
    ///
    /// A word longer than a line is broken between glyphs; a glyph wider than the line gets a line
    /// of its own (it is drawn as a space placeholder). Spaces at a break are dropped.
    static func wrap(_ paragraph: [StyledGlyph], width: Int) -> [[StyledGlyph]] {
        guard width > 0 else { return [paragraph] }
        var lines: [[StyledGlyph]] = []
        var line: [StyledGlyph] = []
        var lineWidth = 0
        /// Index in `line` just after the last space: where the line may break.
        var breakAfter: Int?
        for item in paragraph {
            let isSpace = item.glyph.text == " "
            if lineWidth + item.glyph.width > width && !line.isEmpty {
                if isSpace {
                    // The space itself is the break; it is dropped.
                    lines.append(trimmingTrailingSpaces(line))
                    line = []
                    lineWidth = 0
                    breakAfter = nil
                    continue
                }
                if let breakIndex = breakAfter, breakIndex < line.count {
                    lines.append(trimmingTrailingSpaces(Array(line[..<breakIndex])))
                    line = Array(line[breakIndex...])
                } else {
                    lines.append(trimmingTrailingSpaces(line))
                    line = []
                }
                lineWidth = self.width(of: line)
                breakAfter = nil
            }
            if isSpace && line.isEmpty && !lines.isEmpty { continue }
            line.append(item)
            lineWidth += item.glyph.width
            if isSpace { breakAfter = line.count }
        }
        lines.append(trimmingTrailingSpaces(line))
        return lines
    }

    private static func trimmingTrailingSpaces(_ line: [StyledGlyph]) -> [StyledGlyph] {
        var result = line
        while let last = result.last, last.glyph.text == " " { result.removeLast() }
        return result
    }

    /// `line` cut to `width` with `…` where text was removed; unchanged when it fits.
    static func truncate(_ line: [StyledGlyph], width: Int, mode: TruncationMode) -> [StyledGlyph] {
        guard self.width(of: line) > width else { return line }
        guard width > 0 else { return [] }
        let ellipsisStyle = (mode == .head ? line.first : line.last)?.style ?? .plain
        let ellipsis = StyledGlyph(glyph: .ellipsis, style: ellipsisStyle)
        let room = width - 1
        switch mode {
        case .tail:
            return prefix(line, width: room) + [ellipsis]
        case .head:
            return [ellipsis] + suffix(line, width: room)
        case .middle:
            let head = prefix(line, width: (room + 1) / 2)
            let tail = suffix(line, width: room - self.width(of: head))
            return head + [ellipsis] + tail
        }
    }

    /// `line` with `…` appended, cut so the whole is at most `width` wide.
    static func appendingEllipsis(_ line: [StyledGlyph], width: Int) -> [StyledGlyph] {
        guard width > 0 else { return [] }
        let style = line.last?.style ?? .plain
        return prefix(line, width: width - 1) + [StyledGlyph(glyph: .ellipsis, style: style)]
    }

    /// The longest start of `line` at most `width` wide.
    static func prefix(_ line: [StyledGlyph], width: Int) -> [StyledGlyph] {
        var used = 0
        var result: [StyledGlyph] = []
        for item in line {
            guard used + item.glyph.width <= width else { break }
            result.append(item)
            used += item.glyph.width
        }
        return result
    }

    /// The longest end of `line` at most `width` wide.
    static func suffix(_ line: [StyledGlyph], width: Int) -> [StyledGlyph] {
        var used = 0
        var result: [StyledGlyph] = []
        for item in line.reversed() {
            guard used + item.glyph.width <= width else { break }
            result.append(item)
            used += item.glyph.width
        }
        return result.reversed()
    }

    /// Draws `line` from `point` onwards, clipped by `context`.
    static func draw(_ line: [StyledGlyph], at point: Point, context: inout DrawContext) {
        var x = point.x
        for item in line {
            context.put(item.glyph, at: Point(x: x, y: point.y), style: item.style)
            x += item.glyph.width
        }
    }
}
