/// The palette's input as drawn after the `:` prompt: a colon the text already
/// starts with (completions insert one) is not drawn twice, and the cursor follows.
struct PaletteInputLine: Equatable {
    let text: String
    let cursor: Int

    init(text: String, cursor: Int) {
        let clamped = min(max(0, cursor), text.count)
        if text.hasPrefix(":") {
            self.text = String(text.dropFirst())
            self.cursor = max(0, clamped - 1)
        } else {
            self.text = text
            self.cursor = clamped
        }
    }
}
