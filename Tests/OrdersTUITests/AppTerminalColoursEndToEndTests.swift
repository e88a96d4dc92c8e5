import Foundation
import TerminalTestSupport
import Testing

/// The real binary under each kind of terminal Debian's terminfo (ncurses-base and ncurses-term)
/// describes for screen, tmux, xterm, rxvt, the Linux console and vt100: 8, 16, 88, 256 and direct
/// colours. tmux reads what orders sent and `capture-pane -e` gives each cell's colours back, so
/// every character on screen is checked to be readable on a dark terminal's default background.
@Suite("orders app: colours under every TERM")
struct AppTerminalColoursEndToEndTests {
    @Test("no text is drawn black on the default background", arguments: [
        "screen", "screen-bce", "screen-16color", "screen-256color", "screen.xterm-256color",
        "tmux", "tmux-256color", "tmux-direct",
        "xterm", "xterm-color", "xterm-16color", "xterm-88color", "xterm-256color", "xterm-direct",
        "rxvt", "rxvt-16color", "rxvt-88color", "rxvt-unicode-256color",
        "linux", "linux-16color", "vt100",
    ], ["", "truecolor"])
    func readable(term: String, colorTerm: String) throws {
        let app = try AppFixture()
        defer { app.stop() }
        // A truecolor terminal around screen or tmux may still say so in COLORTERM; or it is unset.
        try app.start(width: 80, height: 24, environment: ["TERM": term, "COLORTERM": colorTerm])
        try app.pane.waitFor("the whole first frame") { $0.contains { $0.hasPrefix("enter open") } }
        let lines = try app.pane.styledScreen()
        var dimmed = 0
        for (row, line) in lines.enumerated() {
            for cell in StyledCell.cells(of: line) where cell.character != " " {
                #expect(!cell.isInvisibleOnDarkDefault, "\(term): row \(row) '\(cell.character)' \(cell)")
                if cell.dim { dimmed += 1 }
            }
        }
        // The tab labels, counts, footer and status bar are there, in the default colour or dimmed.
        let screen = lines.map(TmuxPane.strippingEscapes)
        #expect(screen[1].contains("Pending 5"), "\(screen[1])")
        if term.hasPrefix("screen") && !term.contains("256") || term == "tmux" || term == "xterm" || term == "linux" {
            // 8 colours: the theme's grey has no colour there, so it is dim, not black.
            #expect(dimmed > 0, "\(term): secondary text dimmed")
        }
    }
}

/// One character of a `capture-pane -e` line with the SGR state it was drawn in.
struct StyledCell: CustomStringConvertible {
    enum Colour: Equatable {
        case ansi(Int)
        case indexed(Int)
        case rgb(Int, Int, Int)
    }

    var character: Character
    var foreground: Colour?
    var background: Colour?
    var dim = false
    var reverse = false

    var description: String {
        "fg \(foreground.map { "\($0)" } ?? "default") bg \(background.map { "\($0)" } ?? "default")"
            + (dim ? " dim" : "") + (reverse ? " reverse" : "")
    }

    /// Black or nearly black text with no background of its own: invisible on a dark terminal.
    var isInvisibleOnDarkDefault: Bool {
        guard background == nil, !reverse, let foreground else { return false }
        switch foreground {
        case .ansi(let index): return index == 0
        case .indexed(let index): return index == 0 || index == 16 || (232...235).contains(index)
        case .rgb(let r, let g, let b): return max(r, g, b) < 48
        }
    }

    /// Reads the SGR sequences of one captured line (tmux writes `ESC[…m` with `;`, or `:` in extended colours).
    static func cells(of line: String) -> [StyledCell] {
        var state = StyledCell(character: " ")
        var result: [StyledCell] = []
        var scalars = line.unicodeScalars[...]
        while let scalar = scalars.popFirst() {
            guard scalar == "\u{1B}" else {
                state.character = Character(scalar)
                result.append(state)
                continue
            }
            guard scalars.first == "[" else { continue }
            scalars.removeFirst()
            var body = ""
            while let next = scalars.popFirst(), !(0x40...0x7E).contains(next.value) { body.unicodeScalars.append(next) }
            state.apply(body)
        }
        return result
    }

    private mutating func apply(_ body: String) {
        var parameters = body.split(separator: ";", omittingEmptySubsequences: false).map(String.init)[...]
        if parameters.isEmpty { parameters = ["0"] }
        while let parameter = parameters.popFirst() {
            // Extended colours with colons: 38:5:n or 38:2::r:g:b (or 38:2:r:g:b).
            if parameter.contains(":") {
                let parts = parameter.split(separator: ":", omittingEmptySubsequences: false).compactMap { Int($0) }
                let colour = parts.count >= 3 && parts[1] == 5 ? Colour.indexed(parts[2])
                    : parts.count >= 5 ? .rgb(parts[parts.count - 3], parts[parts.count - 2], parts[parts.count - 1]) : nil
                if parts.first == 38 { foreground = colour } else if parts.first == 48 { background = colour }
                continue
            }
            let code = Int(parameter) ?? 0
            switch code {
            case 0: self = StyledCell(character: character)
            case 2: dim = true
            case 22: dim = false
            case 7: reverse = true
            case 27: reverse = false
            case 30...37: foreground = .ansi(code - 30)
            case 90...97: foreground = .ansi(code - 90 + 8)
            case 39: foreground = nil
            case 40...47: background = .ansi(code - 40)
            case 100...107: background = .ansi(code - 100 + 8)
            case 49: background = nil
            case 38, 48:
                var colour: Colour?
                if parameters.first == "5", parameters.count >= 2 {
                    colour = .indexed(Int(parameters[parameters.startIndex + 1]) ?? 0)
                    parameters.removeFirst(2)
                } else if parameters.first == "2", parameters.count >= 4 {
                    let values = parameters.dropFirst().prefix(3).map { Int($0) ?? 0 }
                    colour = .rgb(values[0], values[1], values[2])
                    parameters.removeFirst(4)
                }
                if code == 38 { foreground = colour } else { background = colour }
            default: break
            }
        }
    }
}
