import Observation
import TermRender

/// Throughput of the terminal runtime's in-process parts: input decoding, key
/// lookup, text editing and the per-frame cost of observation tracking.
/// Keystroke-to-screen latency needs a real terminal and is measured in the
/// integration tests, not here.
enum RuntimeBenchmark {
    @MainActor
    static func run() {
        print("== TermRender runtime (release build expected)")
        decoder()
        keymap()
        textField()
        renderTracking()
    }

    // MARK: Cases

    private static func decoder() {
        let typing = Array(String(repeating: "the quick brown fox jumps over the lazy dog ", count: 24_000).utf8)
        measureDecoding("typed ASCII text", typing, chunk: 64)

        let keys = ["\u{1B}[A", "\u{1B}[B", "\u{1B}OC", "\u{1B}[1;5D", "\u{1B}[5~", "\u{1B}[15~", "j", "k", "\r", "\u{7F}"]
        let keyBytes = Array((0..<100_000).map { keys[$0 % keys.count] }.joined().utf8)
        measureDecoding("key sequences (arrows, F-keys, CSI modifiers)", keyBytes, chunk: 16)

        let mouse = Array((0..<100_000).map { "\u{1B}[<0;\($0 % 200 + 1);\($0 % 50 + 1)M" }.joined().utf8)
        measureDecoding("SGR mouse reports", mouse, chunk: 256)

        let unicode = Array(String(repeating: "Grüße 日本語 😀👍🏽 naïve ", count: 20_000).utf8)
        measureDecoding("UTF-8 text (accents, CJK, emoji)", unicode, chunk: 64)

        let body = String(repeating: "pasted line with some text, 12345\n", count: 30_000)
        let paste = Array("\u{1B}[200~\(body)\u{1B}[201~".utf8)
        measureDecoding("one 1 MB bracketed paste", paste, chunk: 4096)
    }

    private static func measureDecoding(_ name: String, _ bytes: [UInt8], chunk: Int) {
        var events = 0
        let seconds = time(repetitions: 5) {
            var decoder = InputDecoder()
            var index = 0
            events = 0
            while index < bytes.count {
                let end = min(index + chunk, bytes.count)
                events += decoder.decode(bytes[index..<end]).count
                index = end
            }
            events += decoder.flush().count
        }
        let megabytes = Double(bytes.count) / 1_048_576
        report(name, "\(format(megabytes / seconds)) MB/s, \(format(Double(events) / seconds / 1e6)) M events/s"
               + " (\(bytes.count) bytes, \(events) events, \(chunk)-byte reads)")
    }

    private static func keymap() {
        let names = ["j", "k", "enter", "esc", "/", "?", "q", "c", "x", "ctrl-d", "ctrl-u", "g", "G", "F5", "pgdn",
                     "pgup", "home", "end", "tab", "shift-tab", "alt-x", "n", "N", "space", "r"]
        let bindings = names.enumerated().compactMap { index, name in
            try? KeyBinding(action: "action.\(index)", keyNames: [name], label: name)
        }
        let keymaps = KeymapSet([Keymap(context: "list", bindings: Array(bindings.prefix(15))),
                                 Keymap(context: "app", bindings: Array(bindings.dropFirst(15)))])
        let presses = names.compactMap { try? KeyPress(name: $0) } + [KeyPress(.character("z"))]
        var found = 0
        let lookups = 1_000_000
        let seconds = time(repetitions: 3) {
            found = 0
            for index in 0..<lookups where keymaps.lookup(presses[index % presses.count], in: ["list", "app"]) != nil {
                found += 1
            }
        }
        report("keymap lookup (2 contexts, 25 bindings)",
               "\(format(Double(lookups) / seconds / 1e6)) M lookups/s (\(found) hits)")
    }

    private static func textField() {
        let operations = 200_000
        var length = 0
        let seconds = time(repetitions: 3) {
            var field = TextFieldState(text: String(repeating: "x", count: 100))
            field.setCursor(50)
            for index in 0..<operations {
                // Insert, delete, move: the length stays at 100 graphemes.
                switch index % 4 {
                case 0: _ = field.handle(.key(KeyPress(.character("a"))))
                case 1: _ = field.handle(.key(KeyPress(.backspace)))
                case 2: _ = field.handle(.key(KeyPress(.left)))
                default: _ = field.handle(.key(KeyPress(.right)))
                }
                if index % 64 == 0 { field.scrollToCursor(width: 40) }
            }
            length = field.count
        }
        report("text field editing (100 graphemes, mid-text)",
               "\(format(Double(operations) / seconds / 1e6)) M edits/s (final length \(length))")
    }

    @MainActor
    private static func renderTracking() {
        let model = BenchmarkModel()
        var sum = 0
        let scheduler = RenderScheduler {
            for value in model.values { sum &+= value }
            sum &+= model.title.count
        }
        let frames = 100_000
        let seconds = time(repetitions: 3) {
            for _ in 0..<frames { scheduler.renderNow() }
        }
        report("frame with observation tracking (reads an array and a string)",
               "\(format(seconds / Double(frames) * 1e6)) µs/frame overhead (checksum \(sum % 10))")
    }

    // MARK: Helpers

    /// The best of several runs, in seconds: the least disturbed by a shared machine.
    private static func time(repetitions: Int, _ body: () -> Void) -> Double {
        let clock = ContinuousClock()
        var best = Double.infinity
        for _ in 0..<repetitions {
            let elapsed = clock.measure(body)
            let (seconds, attoseconds) = elapsed.components
            best = min(best, Double(seconds) + Double(attoseconds) / 1e18)
        }
        return max(best, 1e-9)
    }

    private static func report(_ name: String, _ result: String) {
        print("  \(name): \(result)")
    }

    private static func format(_ value: Double) -> String {
        let rounded = (value * 100).rounded() / 100
        return "\(rounded)"
    }
}

@MainActor
@Observable
private final class BenchmarkModel {
    var values = Array(0..<10)
    var title = "orders"
}
