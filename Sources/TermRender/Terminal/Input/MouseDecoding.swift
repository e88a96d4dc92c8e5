/// Mouse reports: the button byte shared by X10 (1000) and SGR (1006) encodings.
enum MouseDecoding {
    /// The event for a button code and a 1-based cell; `releasedSGR` is the SGR
    /// final byte (`m` = release) or nil for X10, where release is button 3.
    static func event(code: Int, column: Int, row: Int, releasedSGR: Bool?) -> MouseEvent? {
        var modifiers: KeyModifiers = []
        if code & 4 != 0 { modifiers.insert(.shift) }
        if code & 8 != 0 { modifiers.insert(.alt) }
        if code & 16 != 0 { modifiers.insert(.control) }
        let position = Point(x: max(column - 1, 0), y: max(row - 1, 0))
        let low = code & 3
        if code & 128 != 0 { return nil }  // buttons 8–11: nothing uses them
        if code & 64 != 0 {
            // Horizontal wheel (6, 7) has no MouseButton; drop it.
            guard low < 2 else { return nil }
            return MouseEvent(kind: .press, button: low == 0 ? .wheelUp : .wheelDown,
                              position: position, modifiers: modifiers)
        }
        let button: MouseButton = [.left, .middle, .right, .none][low]
        let kind: MouseEvent.Kind
        if code & 32 != 0 {
            kind = .motion
        } else if let released = releasedSGR {
            kind = released ? .release : .press
        } else {
            kind = low == 3 ? .release : .press
        }
        return MouseEvent(kind: kind, button: button, position: position, modifiers: modifiers)
    }
}
