import TerminalText

/// Lays out and draws a `Table`, building only the visible rows.
final class TableNode: LayoutNode {
    let table: Table
    let environment: EnvironmentValues
    let textStyle: Style
    let headerStyle: Style
    let selectionStyle: Style
    let indicatorStyle: Style

    init(table: Table, environment: EnvironmentValues) {
        self.table = table
        self.environment = environment
        let theme = environment.theme
        textStyle = environment.textStyle.applied(to: theme.text)
        headerStyle = environment.textStyle.applied(to: theme.header)
        selectionStyle = table.selectionStyle ?? theme.selectedRow
        indicatorStyle = theme.border
    }

    override var debugLabel: String { "Table columns=\(table.columns.count) rows=\(table.rowCount)" }

    private var headerHeight: Int { table.showsHeader ? 1 : 0 }

    override func measure(_ proposal: ProposedSize) -> Size {
        let content = min(ProposedSize.unlimited, headerHeight + table.rowCount)
        let idealWidth = table.columns.reduce(0) { total, column in
            let wanted: Int = switch column.width {
            case .fixed(let width): width
            case .flexible(let minimum, let maximum): min(max(minimum, TerminalText.width(of: column.title) + 2), maximum ?? Int.max)
            case .fraction(_, let minimum): max(minimum, TerminalText.width(of: column.title) + 2)
            }
            return total + max(0, wanted)
        } + table.columnSpacing * max(0, table.columns.count - 1)
        // Greedy like a list: it takes any space offered, and its content size when asked for its ideal.
        let width = proposal.width ?? idealWidth
        let height = proposal.height ?? content
        return Size(width: width, height: height)
    }

    override func draw(in rect: Rect, context: inout DrawContext) {
        guard !rect.isEmpty else { return }
        let visibleRows = max(0, rect.height - headerHeight)
        var state = table.state
        state.visibleRows = visibleRows
        state.clamp(rowCount: table.rowCount)
        if let binding = table.stateBinding, binding.wrappedValue != state {
            binding.wrappedValue = state
        }

        let overflows = table.rowCount > visibleRows && visibleRows > 0
        let showsIndicator = table.showsScrollIndicator && overflows && rect.width > 1
        let contentWidth = rect.width - (showsIndicator ? 1 : 0)
        let slots = TableColumnLayout.slots(for: table.columns, width: contentWidth, spacing: table.columnSpacing)

        context.clipped(to: rect) { context in
            if table.showsHeader {
                drawHeader(slots: slots, origin: rect.origin, width: contentWidth, context: &context)
            }
            let top = rect.minY + headerHeight
            if table.rowCount == 0 {
                if visibleRows > 0 {
                    let style = environment.textStyle.applied(to: environment.theme.placeholder)
                    let line = TextLayout.paragraphs(of: table.emptyText.runs, base: StylePatch(style)).first ?? []
                    TextLayout.draw(TextLayout.truncate(line, width: rect.width, mode: .tail), at: Point(x: rect.minX, y: top), context: &context)
                }
                return
            }
            // Only rows inside the clip are built: inside a scroll view the table may be far
            // taller than what shows, and it must still never build what nobody sees.
            let first = state.scrollOffset + max(0, context.clip.minY - top)
            let end = min(table.rowCount, state.scrollOffset + visibleRows, state.scrollOffset + max(0, context.clip.maxY - top))
            if first < end {
                for index in first..<end {
                    let y = top + index - state.scrollOffset
                    let cells = EnvironmentValues.$current.withValue(environment) { table.row(index) }
                    let selected = index == state.selection
                    let rowRect = Rect(x: rect.minX, y: y, width: contentWidth, height: 1)
                    if selected {
                        context.fill(rowRect, style: selectionStyle)
                    }
                    if let id = table.hitRegionID {
                        context.regions.append(HitRegion(id: TableRowHit(table: id, row: index), rect: rowRect.intersection(context.clip)))
                    }
                    for slot in slots where slot.column < cells.count {
                        let cellRect = Rect(x: rect.minX + slot.x, y: y, width: slot.width, height: 1)
                        let base = selected ? merge(selectionStyle, over: textStyle) : textStyle
                        TableCellRenderer.draw(cells[slot.column], in: cellRect, alignment: table.columns[slot.column].alignment, base: base, context: &context)
                    }
                }
            }
            if showsIndicator {
                drawScrollIndicator(x: rect.maxX - 1, top: top, height: visibleRows, offset: state.scrollOffset, context: &context)
            }
        }
    }

    private func drawHeader(slots: [ColumnSlot], origin: Point, width: Int, context: inout DrawContext) {
        context.fill(Rect(x: origin.x, y: origin.y, width: width, height: 1), style: StylePatch(background: headerStyle.background).style)
        for slot in slots {
            let column = table.columns[slot.column]
            var title = Text(column.title)
            if let sort = table.sort, sort.column == slot.column {
                // The arrow must survive truncation: cut the title first, then add it. A title that
                // fits whole only without the space keeps its word and loses the space ("Age▲" in a
                // column four wide, not "A… ▲").
                let arrow = sort.ascending ? "▲" : "▼"
                let glyphs = TextLayout.paragraphs(of: title.runs, base: StylePatch()).first ?? []
                let whole = glyphs.reduce(0) { $0 + $1.glyph.width }
                if whole > 0, whole + 2 > slot.width, whole + 1 <= slot.width {
                    title = Text(glyphs.map(\.glyph.text).joined() + arrow)
                } else {
                    let cut = TextLayout.truncate(glyphs, width: max(0, slot.width - 2), mode: .tail)
                    title = Text(cut.map(\.glyph.text).joined() + (cut.isEmpty ? arrow : " " + arrow))
                }
            }
            let cellRect = Rect(x: origin.x + slot.x, y: origin.y, width: slot.width, height: 1)
            TableCellRenderer.draw(title, in: cellRect, alignment: column.alignment, base: headerStyle, context: &context)
            if let id = table.hitRegionID {
                context.regions.append(HitRegion(id: TableHeaderHit(table: id, column: slot.column), rect: cellRect.intersection(context.clip)))
            }
        }
    }

    private func drawScrollIndicator(x: Int, top: Int, height: Int, offset: Int, context: inout DrawContext) {
        let rows = table.rowCount
        let thumb = max(1, height * height / max(1, rows))
        let maxOffset = max(1, rows - height)
        let thumbTop = (height - thumb) * min(offset, maxOffset) / maxOffset
        for row in 0..<height {
            let inThumb = row >= thumbTop && row < thumbTop + thumb
            context.put(Glyph(text: inThumb ? "┃" : "│", width: 1), at: Point(x: x, y: top + row), style: indicatorStyle)
        }
    }

    /// `top` laid over `bottom`: its colours where set, attributes added.
    private func merge(_ top: Style, over bottom: Style) -> Style {
        StylePatch(top).applied(to: bottom)
    }
}
