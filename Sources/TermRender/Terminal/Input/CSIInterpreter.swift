/// What a complete `ESC [ … final` sequence means.
enum CSIInterpreter {
    static func interpret(parameters bytes: UnsafeBufferPointer<UInt8>, final: UInt8, length: Int) -> ScanResult {
        let parameters = CSIParameters(bytes)
        if let marker = parameters.marker {
            guard marker == UInt8(ascii: "<"), final == UInt8(ascii: "M") || final == UInt8(ascii: "m"),
                  let code = parameters[0], let column = parameters[1], let row = parameters[2],
                  let event = MouseDecoding.event(code: code, column: column, row: row,
                                                  releasedSGR: final == UInt8(ascii: "m"))
            else { return .ignored(length: length) }
            return .events([.mouse(event)], length: length)
        }
        let modifiers = KeyModifiers(xtermParameter: parameters[1] ?? 1)
        func key(_ key: Key, _ extra: KeyModifiers = []) -> ScanResult {
            .events([.key(KeyPress(key, modifiers: modifiers.union(extra)))], length: length)
        }
        switch final {
        case UInt8(ascii: "A"): return key(.up)
        case UInt8(ascii: "B"): return key(.down)
        case UInt8(ascii: "C"): return key(.right)
        case UInt8(ascii: "D"): return key(.left)
        case UInt8(ascii: "H"): return key(.home)
        case UInt8(ascii: "F"): return key(.end)
        case UInt8(ascii: "P")...UInt8(ascii: "S"): return key(.function(Int(final - UInt8(ascii: "P")) + 1))
        case UInt8(ascii: "Z"):
            return .events([.key(KeyPress(.backTab, modifiers: modifiers.subtracting(.shift)))], length: length)
        case UInt8(ascii: "I") where parameters.values.isEmpty: return .events([.focus(true)], length: length)
        case UInt8(ascii: "O") where parameters.values.isEmpty: return .events([.focus(false)], length: length)
        case UInt8(ascii: "~"): return interpretTilde(parameters, modifiers: modifiers, length: length)
        case UInt8(ascii: "u"):
            // fixterms / kitty: CSI codepoint ; modifiers u
            guard let code = parameters[0], let key = keyForCodepoint(code) else { return .ignored(length: length) }
            return .events([.key(key.adding(modifiers))], length: length)
        default:
            return .ignored(length: length)
        }
    }

    private static func interpretTilde(_ parameters: CSIParameters, modifiers: KeyModifiers, length: Int) -> ScanResult {
        let key: Key
        switch parameters[0] ?? 0 {
        case 1, 7: key = .home
        case 2: key = .insert
        case 3: key = .delete
        case 4, 8: key = .end
        case 5: key = .pageUp
        case 6: key = .pageDown
        case 11...15: key = .function((parameters[0] ?? 0) - 10)
        case 17...21: key = .function((parameters[0] ?? 0) - 11)
        case 23, 24: key = .function((parameters[0] ?? 0) - 12)
        case 200: return .pasteStart(length: length)
        case 27:
            // xterm modifyOtherKeys: CSI 27 ; modifiers ; codepoint ~
            guard let code = parameters[2], let base = keyForCodepoint(code) else { return .ignored(length: length) }
            return .events([.key(base.adding(modifiers))], length: length)
        default:
            // 201 without a paste open, and keys we do not model.
            return .ignored(length: length)
        }
        return .events([.key(KeyPress(key, modifiers: modifiers))], length: length)
    }

    /// The key for a Unicode code point in a kitty or modifyOtherKeys report.
    private static func keyForCodepoint(_ code: Int) -> KeyPress? {
        switch code {
        case 13: return KeyPress(.enter)
        case 9: return KeyPress(.tab)
        case 27: return KeyPress(.escape)
        case 8, 127: return KeyPress(.backspace)
        default:
            guard code >= 0x20, let scalar = Unicode.Scalar(UInt32(code)) else { return nil }
            return KeyPress(.character(Character(scalar)))
        }
    }
}
