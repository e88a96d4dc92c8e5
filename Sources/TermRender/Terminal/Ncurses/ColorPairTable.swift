import CNcurses

/// ncurses colour pairs, allocated the first time a foreground/background
/// combination is drawn.
struct ColorPairTable {
    private struct Key: Hashable {
        var foreground: Int32
        var background: Int32
    }

    let capability: ColorCapability
    /// The terminfo entry numbers colours as RGB (`ColorMapping`).
    private let directColor: Bool
    /// `use_default_colors` succeeded: -1 names the terminal's own foreground and background.
    /// Without it ncurses assumes white on black, so the default colours are sent as those.
    private let defaultColors: Bool
    private let pairLimit: Int
    private var pairs: [Key: Int] = [:]
    private var nextPair = 1

    init(capability: ColorCapability, pairLimit: Int, directColor: Bool, defaultColors: Bool) {
        self.capability = capability
        self.directColor = directColor
        self.defaultColors = defaultColors
        // Pair numbers travel through a 16-bit field of setcchar as well.
        self.pairLimit = min(pairLimit, Int(Int16.max))
    }

    /// The pair for two colours; 0 (the terminal's defaults) when colour is unavailable.
    mutating func pair(foreground: Color, background: Color) -> Int {
        guard capability != .none else { return 0 }
        var key = Key(foreground: ColorMapping.terminalColor(for: foreground, capability: capability, directColor: directColor),
                      background: ColorMapping.terminalColor(for: background, capability: capability, directColor: directColor))
        if key.foreground == -1, key.background == -1 { return 0 }
        if !defaultColors {
            if key.foreground == -1 { key.foreground = 7 }
            if key.background == -1 { key.background = 0 }
        }
        if let existing = pairs[key] { return existing }
        if nextPair >= pairLimit {
            // Out of pairs: start over. Cells already on screen in a redefined pair
            // change colour until redrawn; with hundreds of pairs this is theoretical.
            pairs.removeAll()
            nextPair = 1
        }
        let number = nextPair
        guard init_extended_pair(Int32(number), key.foreground, key.background) != ERR else { return 0 }
        nextPair += 1
        pairs[key] = number
        return number
    }
}
