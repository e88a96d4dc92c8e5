import TerminalText
import TermRender

/// Lays out the demo's screen onto a canvas.
@MainActor
struct DemoScreen {
    let model: DemoModel
    let minimumSize: Size

    private let titleStyle = Style(foreground: .black, background: .cyan, attributes: .bold)
    private let labelStyle = Style(foreground: .yellow, attributes: .bold)
    private let fieldStyle = Style(attributes: .underline)
    private let focusedFieldStyle = Style(foreground: .brightWhite, background: .blue)
    private let keyStyle = Style(attributes: .reverse)

    func draw(on canvas: DemoCanvas) {
        let size = canvas.size
        if let message = TerminalSizeRequirement(minimum: minimumSize).message(for: size) {
            canvas.write(message, x: max((size.width - message.count) / 2, 0), y: size.height / 2)
            return
        }
        canvas.fill(row: 0, style: titleStyle)
        canvas.write(" termrender-demo  size \(size.width)x\(size.height)", x: 0, y: 0, style: titleStyle)
        drawField(on: canvas, width: size.width - 8)
        drawStatus(on: canvas)
        var column = canvas.write("Events (newest last):", x: 0, y: 3, style: labelStyle)
        column = canvas.write("  load: \(model.loadState)", x: column, y: 3)
        if let toast = model.toast { canvas.write("  \(toast)", x: column, y: 3, style: keyStyle) }
        for (offset, line) in model.log.suffix(size.height - 4).enumerated() {
            canvas.write(line, x: 2, y: 4 + offset)
        }
    }

    private func drawField(on canvas: DemoCanvas, width: Int) {
        let start = canvas.write("Field: ", x: 0, y: 1, style: labelStyle)
        let focused = model.focus == .field
        let style = focused ? focusedFieldStyle : fieldStyle
        let layout = model.field.layout(width: width, measure: TerminalText.width(of:))
        canvas.write(String(repeating: " ", count: width), x: start, y: 1, style: style)
        canvas.write(layout.visibleText, x: start, y: 1, style: style)
        if focused { canvas.cursor = Point(x: start + layout.cursorColumn, y: 1) }
    }

    /// Focus, mouse state and key hints generated from the active keymaps.
    private func drawStatus(on canvas: DemoCanvas) {
        let context = model.focus.context
        var column = canvas.write("focus: \(context.rawValue)  mouse: \(model.mouseCapture ? "on" : "off") ", x: 0, y: 2)
        for context in [context, .app] {
            for binding in model.keymaps[context.rawValue]?.footerBindings ?? [] {
                column = canvas.write(" \(binding.keys[0]) ", x: column + 1, y: 2, style: keyStyle)
                column = canvas.write(" \(binding.label)", x: column, y: 2)
            }
        }
    }
}
