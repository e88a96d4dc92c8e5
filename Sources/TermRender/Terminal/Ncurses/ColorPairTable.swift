import CNcurses

/// ncurses colour pairs, allocated the first time a foreground/background
/// combination is drawn.
struct ColorPairTable {
    private struct Key: Hashable {
        var foreground: Int32
        var background: Int32
    }

    let capability: ColorCapability
    private let pairLimit: Int
    private var pairs: [Key: Int] = [:]
    private var nextPair = 1

    init(capability: ColorCapability, pairLimit: Int) {
        self.capability = capability
        // Pair numbers travel through a 16-bit field of setcchar as well.
        self.pairLimit = min(pairLimit, Int(Int16.max))
    }

    /// The pair for two colours; 0 (the terminal's defaults) when colour is unavailable.
    mutating func pair(foreground: Color, background: Color) -> Int {
        guard capability != .none else { return 0 }
        let key = Key(foreground: ColorMapping.terminalColor(for: foreground, capability: capability),
                      background: ColorMapping.terminalColor(for: background, capability: capability))
        if key.foreground == -1, key.background == -1 { return 0 }
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
