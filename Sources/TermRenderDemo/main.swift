import Glibc
import TermRender

// termrender-demo: shows decoded input events, a one-line text field and the
// terminal size. `q` quits with status 0; Tab moves focus between the event log
// and the field; `m` toggles mouse capture; Ctrl-C quits with 130.

CrashReporting.ensureNonInteractiveBacktraces()

let minimumSize = Size(width: 30, height: 8)
/// With TERMRENDER_DEMO_FAULT_KEYS=1, `!` crashes the demo and `&` blocks its
/// main thread for a minute: the end-to-end tests prove both still give the
/// terminal back.
let faultKeysEnabled = getenv("TERMRENDER_DEMO_FAULT_KEYS").map { String(cString: $0) == "1" } ?? false

@MainActor
func fail(_ message: String) -> Int32 {
    let bytes = Array("termrender-demo: \(message)\n".utf8)
    _ = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    return 1
}

@MainActor
func runDemo() async -> Int32 {
    let keymaps: KeymapSet
    let application: Application
    do {
        keymaps = try DemoKeymap.make()
        application = try Application()
    } catch {
        return fail("\(error)")
    }
    let model = DemoModel(size: application.size, keymaps: keymaps)
    let canvas = DemoCanvas(backend: application.backend)

    func perform(_ command: DemoCommand) {
        switch command {
        case .quit: application.quit(0)
        case .interrupt: application.quit(130)
        case .focusNext: model.focus.toggle()
        case .toggleMouse:
            model.mouseCapture.toggle()
            application.setMouseCapture(model.mouseCapture)
        case .toast:
            model.toast = "toast: hello"
            // Several toasts in a row: each timer clears only its own message.
            application.after(.seconds(1)) { if model.toast == "toast: hello" { model.toast = nil } }
        case .load:
            model.loadState = "loading"
            Task { @MainActor in
                // Stands for storage or network work finishing later.
                try? await Task.sleep(for: .milliseconds(300))
                model.loadState = "loaded"
            }
        case .submit: model.field.commit()
        case .leave: model.focus = .log
        }
    }

    /// Performs the command `event` is bound to in `context`; false if none is.
    func performBinding(of event: InputEvent, in context: DemoContext) -> Bool {
        guard case .key(let press) = event, let command = DemoCommand(press, in: context, keymaps: model.keymaps) else {
            return false
        }
        perform(command)
        return true
    }

    /// The focused part sees a key first, then the app-wide bindings; a Tab or Shift-Tab
    /// nobody took moves focus.
    func route(_ event: InputEvent) {
        switch model.focus {
        case .log:
            if faultKeysEnabled, event == .key(KeyPress(.character("!"))) {
                fatalError("crash requested with '!' (TERMRENDER_DEMO_FAULT_KEYS=1)")
            }
            if faultKeysEnabled, event == .key(KeyPress(.character("&"))) {
                // After this frame is drawn, so the test can see the key arrived.
                application.after(.milliseconds(100)) { sleep(60) }
            }
            if performBinding(of: event, in: .log) { return }
        case .field:
            if model.field.handle(event) == .handled || performBinding(of: event, in: .field) { return }
        }
        if performBinding(of: event, in: .app) { return }
        if event == .key(KeyPress(.tab)) || event == .key(KeyPress(.backTab)) { model.focus.toggle() }
    }

    func render() {
        canvas.begin()
        DemoScreen(model: model, minimumSize: minimumSize).draw(on: canvas)
        canvas.commit()
    }

    func handle(_ event: InputEvent) {
        model.record(event)
        if case .resize(let size) = event { model.size = size }
        route(event)
    }

    return await application.run(render: render, handle: handle)
}

exit(await runDemo())
