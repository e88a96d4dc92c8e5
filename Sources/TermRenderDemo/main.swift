import Glibc
import TermRender

// termrender-demo: shows decoded input events, a one-line text field and the
// terminal size. `q` quits with status 0; Tab moves focus between the event log
// and the field; `m` toggles mouse capture; Ctrl-C quits with 130.

CrashReporting.ensureNonInteractiveBacktraces()

let minimumSize = Size(width: 30, height: 8)
/// `!` crashes the demo on purpose when this is set; used by the end-to-end tests.
let crashKeyEnabled = getenv("TERMRENDER_DEMO_CRASH_KEY").map { String(cString: $0) == "1" } ?? false

@MainActor
func runDemo() async -> Int32 {
    let application: Application
    do {
        application = try Application()
    } catch {
        let message = Array("termrender-demo: \(error)\n".utf8)
        _ = message.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
        return 1
    }
    let model = DemoModel(size: application.size)
    let canvas = DemoCanvas(backend: application.backend)

    func render() {
        model.frames += 1
        canvas.begin()
        DemoScreen(model: model, minimumSize: minimumSize).draw(on: canvas)
        canvas.commit()
    }

    func handle(_ event: InputEvent) {
        model.record(event)
        switch event {
        case .resize(let size):
            model.size = size
        case .key(KeyPress(.character("c"), modifiers: .control)):
            application.quit(130)
        case .key(KeyPress(.tab, modifiers: [])), .key(KeyPress(.backTab, modifiers: [])):
            model.focus = model.focus == .log ? .field : .log
        case .key(let press) where model.focus == .log:
            switch press {
            case KeyPress(.character("q")): application.quit(0)
            case KeyPress(.character("!")) where crashKeyEnabled:
                // Lets the end-to-end tests prove a crash gives the terminal back.
                fatalError("crash requested with '!' (TERMRENDER_DEMO_CRASH_KEY=1)")
            case KeyPress(.character("m")):
                model.mouseCapture.toggle()
                application.setMouseCapture(model.mouseCapture)
            default: break
            }
        case .key(let press):
            switch (press.key, press.modifiers) {
            case (.character(let character), []): model.field.append(character)
            case (.backspace, []): if !model.field.isEmpty { model.field.removeLast() }
            case (.escape, []), (.enter, []): model.focus = .log
            default: break
            }
        case .paste(let text) where model.focus == .field:
            model.field += text.map { $0.isNewline ? " " : $0 }.reduce(into: "") { $0.append($1) }
        default:
            break
        }
    }

    return await application.run(render: render, handle: handle)
}

exit(await runDemo())
