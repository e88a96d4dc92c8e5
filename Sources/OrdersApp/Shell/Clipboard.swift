import Foundation

/// Copies text to the user's clipboard with OSC 52, which works over ssh because
/// the terminal itself (not this machine) owns the clipboard.
///
/// Inside tmux the sequence is sent twice: plainly (tmux takes it when
/// `set-clipboard on`, and forwards it to the outer terminal) and wrapped in a DCS
/// passthrough (reaches the outer terminal when `allow-passthrough on`).
/// Terminals that do not support OSC 52 ignore it.
enum Clipboard {
    /// Terminals cap OSC 52 payloads (xterm ~100 kB); larger copies are refused rather than cut.
    static let maximumBytes = 74_000

    /// The bytes to send for `text`, or nil when it is too large.
    static func sequence(for text: String, insideTmux: Bool) -> String? {
        let payload = Data(text.utf8)
        guard payload.count <= maximumBytes else { return nil }
        let osc = "\u{1B}]52;c;\(payload.base64EncodedString())\u{07}"
        guard insideTmux else { return osc }
        let escaped = osc.replacingOccurrences(of: "\u{1B}", with: "\u{1B}\u{1B}")
        return osc + "\u{1B}Ptmux;\(escaped)\u{1B}\\"
    }

    /// Sends `text` to the clipboard through `services`; false when it is too large.
    @MainActor
    static func copy(_ text: String, services: AppServices) -> Bool {
        guard let sequence = sequence(for: text, insideTmux: services.environment["TMUX"] != nil) else { return false }
        services.sendToTerminal(sequence)
        return true
    }
}
