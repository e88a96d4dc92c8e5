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

    func draw(on canvas: DemoCanvas) {
        let size = canvas.size
        if let message = TerminalSizeRequirement(minimum: minimumSize).message(for: size) {
            let y = size.height / 2
            canvas.write(message, x: max((size.width - message.count) / 2, 0), y: y)
            return
        }
        canvas.fill(row: 0, style: titleStyle)
        canvas.write(" termrender-demo  size \(size.width)x\(size.height)", x: 0, y: 0, style: titleStyle)

        let fieldWidth = size.width - 8
        var column = canvas.write("Field: ", x: 0, y: 1, style: labelStyle)
        let focused = model.focus == .field
        let visible = String(model.field.suffix(max(fieldWidth - 1, 0)))
        let style = focused ? focusedFieldStyle : fieldStyle
        canvas.write(String(repeating: " ", count: fieldWidth), x: column, y: 1, style: style)
        column = canvas.write(visible, x: column, y: 1, style: style)
        if focused { canvas.cursor = Point(x: column, y: 1) }

        canvas.write("focus: \(focused ? "field" : "log")  mouse: \(model.mouseCapture ? "on" : "off")"
                     + "  q quit, Tab focus, m mouse", x: 0, y: 2)
        canvas.write("Events (newest last):", x: 0, y: 3, style: labelStyle)
        let logRows = size.height - 4
        for (offset, line) in model.log.suffix(logRows).enumerated() {
            canvas.write(line, x: 2, y: 4 + offset)
        }
    }
}
