import Foundation
import TerminalTestSupport
import Testing

extension TmuxPane {
    /// The id of the order row drawn in reverse video (the list's selection), if any.
    /// The selected status tab is reverse video too, so rows without an id are skipped.
    func selectedOrderID() throws -> String? {
        for line in try styledScreen() where Self.hasReverseVideo(line) {
            let text = TmuxPane.strippingEscapes(line)
            if let start = text.range(of: "ORD-")?.lowerBound {
                return String(text[start...].prefix(11))
            }
        }
        return nil
    }

    /// Waits until the list's selection is on `id`.
    func waitForSelection(_ id: String, timeout: Double = 15) throws {
        try waitFor("the selection on \(id)", timeout: timeout) { _ in try self.selectedOrderID() == id }
    }

    /// Whether an SGR sequence in `line` turns on reverse video (parameter 7, alone or combined: `ESC[1;7m`).
    static func hasReverseVideo(_ line: String) -> Bool {
        ["\u{1B}[7m", "\u{1B}[7;", ";7m", ";7;"].contains { line.contains($0) }
    }
}
