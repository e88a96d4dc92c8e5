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

extension Array where Element == String {
    /// The screen's rows without the detail's history entries (`27 Nov 2026 at 23:56 UTC  Refund: … → …`), which
    /// keep every change, also one taken back: a test that waits for a refund or shipment to leave the order's
    /// sections looks at the rest.
    var outsideHistory: [String] {
        // A date, two spaces, the field's word and a colon (the entry may be cut at the pane's edge).
        filter { $0.range(of: #"^\d{1,2} \w{3} \d{4} at \d\d:\d\d UTC  [A-Z][a-z ]*: "#, options: .regularExpression) == nil }
    }
}
