/// A one-cell activity indicator; the caller supplies the frame number (it keeps no timer of its own).
public struct Spinner: View {
    /// The frames a spinner cycles through.
    public struct Frames: Hashable, Sendable {
        /// What each frame shows; one cell each.
        public var symbols: [String]
        public init(_ symbols: [String]) { self.symbols = symbols.isEmpty ? [" "] : symbols }

        public static let braille = Frames(["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"])
        public static let line = Frames(["|", "/", "-", "\\"])
    }

    let frame: Int
    let frames: Frames

    /// The spinner showing `frame` (any integer; it wraps around).
    public init(frame: Int, frames: Frames = .braille) {
        self.frame = frame
        self.frames = frames
    }

    public var body: some View {
        let count = frames.symbols.count
        return Text(frames.symbols[((frame % count) + count) % count])
    }
}
