import OrdersCore

/// Notes written but neither saved nor discarded, by order: the editor closed (Esc answered
/// "keep", or something else took the screen) keeps its text here, and opening the editor on
/// the same orders again brings it back. Only saving the note or discarding it on purpose
/// forgets a draft; nothing typed is lost to a reflex Esc.
public struct NoteDrafts: Hashable, Sendable {
    private var texts: [OrderID: String] = [:]

    public init() {}

    /// The draft to reopen on `targets`: the text every one of them holds. Orders with different
    /// drafts, or some without one, start empty, so no text lands on an order it was not written for.
    public func text(for targets: [OrderID]) -> String? {
        guard let first = targets.first, let text = texts[first] else { return nil }
        return targets.allSatisfy({ texts[$0] == text }) ? text : nil
    }

    /// Keeps `draft`'s text for each of its orders (a blank text keeps nothing and forgets theirs).
    public mutating func keep(_ draft: NoteDraft) {
        let text = draft.field.text
        let blank = text.allSatisfy(\.isWhitespace)
        for id in draft.targets { texts[id] = blank ? nil : text }
    }

    /// The note on these orders was saved or discarded: their drafts go.
    public mutating func forget(_ targets: [OrderID]) {
        for id in targets { texts[id] = nil }
    }

    /// Every draft kept, by order (for tests and the shell's state).
    public var all: [OrderID: String] { texts }
}
