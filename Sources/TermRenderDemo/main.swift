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
    let router = KeyRouter()

    func perform(_ action: String) -> EventDisposition {
        switch action {
        case DemoKeymap.quit: application.quit(0)
        case DemoKeymap.interrupt: application.quit(130)
        case DemoKeymap.focusNext: router.focusNext()
        case DemoKeymap.toggleMouse:
            model.mouseCapture.toggle()
            application.setMouseCapture(model.mouseCapture)
        case DemoKeymap.toast:
            model.toast = "toast: hello"
            // Several toasts in a row: each timer clears only its own message.
            application.after(.seconds(1)) { if model.toast == "toast: hello" { model.toast = nil } }
        case DemoKeymap.load:
            model.loadState = "loading"
            Task { @MainActor in
                // Stands for storage or network work finishing later.
                try? await Task.sleep(for: .milliseconds(300))
                model.loadState = "loaded"
            }
        case DemoKeymap.submit: model.field.commit()
        case DemoKeymap.leave: router.focus("log")
        default: return .ignored
        }
        return .handled
    }

    func bindings(_ context: String) -> KeyRouter.Handler {
        { event in
            guard case .key(let press) = event, let action = model.keymaps[context]?.action(for: press) else {
                return .ignored
            }
            return perform(action)
        }
    }

    router.register("log") { event in
        if faultKeysEnabled, event == .key(KeyPress(.character("!"))) {
            fatalError("crash requested with '!' (TERMRENDER_DEMO_FAULT_KEYS=1)")
        }
        if faultKeysEnabled, event == .key(KeyPress(.character("&"))) {
            // After this frame is drawn, so the test can see the key arrived.
            application.after(.milliseconds(100)) { sleep(60) }
        }
        return bindings("log")(event)
    }
    router.register("field") { event in
        model.field.handle(event) == .handled ? .handled : bindings("field")(event)
    }
    router.appHandler = bindings("app")

    func render() {
        canvas.begin()
        DemoScreen(model: model, minimumSize: minimumSize).draw(on: canvas)
        canvas.commit()
    }

    func handle(_ event: InputEvent) {
        model.record(event)
        if case .resize(let size) = event { model.size = size }
        router.route(event)
        model.focused = router.focused
    }

    model.focused = router.focused
    return await application.run(render: render, handle: handle)
}

exit(await runDemo())
