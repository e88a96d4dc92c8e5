/// The outcome of decoding the bytes at one position.
enum ScanResult {
    /// Decoded events and the number of bytes they used.
    case events([InputEvent], length: Int)
    /// A well-formed sequence that means nothing to the application (a report, an
    /// unknown key) or a malformed one: dropped whole.
    case ignored(length: Int)
    /// The start marker of a bracketed paste.
    case pasteStart(length: Int)
    /// The bytes so far are the beginning of something longer.
    case incomplete
}

/// Decodes one token (a run of text, one key, one escape sequence) at a position.
///
/// A value type over borrowed bytes so the hot path neither copies nor allocates
/// beyond the events it returns. With `atEndOfInput` it never answers
/// `.incomplete`: whatever prefix is there gets its most literal meaning.
struct InputScanner {
    static let pasteStartMarker: [UInt8] = Array("\u{1B}[200~".utf8)
    static let pasteEndMarker: [UInt8] = Array("\u{1B}[201~".utf8)

    let bytes: UnsafeBufferPointer<UInt8>
    let start: Int
    let atEndOfInput: Bool

    func scan() -> ScanResult {
        let byte = bytes[start]
        if byte == 0x1B { return scanEscape() }
        if byte < 0x20 || byte == 0x7F { return .events([.key(Self.controlKey(byte))], length: 1) }
        return scanText()
    }

    // MARK: Text and control bytes

    /// The key a C0 control byte (or DEL) stands for in raw mode.
    static func controlKey(_ byte: UInt8) -> KeyPress {
        switch byte {
        case 0x0D, 0x0A: return KeyPress(.enter)
        case 0x09: return KeyPress(.tab)
        case 0x08, 0x7F: return KeyPress(.backspace)
        case 0x1B: return KeyPress(.escape)
        case 0x00: return KeyPress(.character(" "), modifiers: .control)
        case 0x01...0x1A:
            return KeyPress(.character(Character(Unicode.Scalar(byte + 0x60))), modifiers: .control)
        default:
            // 0x1C–0x1F are Ctrl with \ ] ^ _ (the byte plus 0x40).
            return KeyPress(.character(Character(Unicode.Scalar(byte + 0x40))), modifiers: .control)
        }
    }

    /// A run of printable text, one key per grapheme so that combining marks
    /// typed in the same burst stay with their base character.
    private func scanText() -> ScanResult {
        var scalars = String.UnicodeScalarView()
        var index = start
        while index < bytes.count {
            let byte = bytes[index]
            if byte < 0x20 || byte == 0x7F { break }
            if byte < 0x80 {
                scalars.append(Unicode.Scalar(byte))
                index += 1
                continue
            }
            switch UTF8Step.decode(bytes, at: index) {
            case .scalar(let scalar, let length):
                // C1 controls (U+0080–U+009F) are never typed text.
                scalars.append(scalar.value < 0xA0 ? UTF8Step.replacementScalar : scalar)
                index += length
            case .invalid(let length):
                scalars.append(UTF8Step.replacementScalar)
                index += length
            case .incomplete(let available):
                if index > start { return textEvents(scalars, length: index - start) }
                guard atEndOfInput else { return .incomplete }
                scalars.append(UTF8Step.replacementScalar)
                index += available
            }
        }
        return textEvents(scalars, length: index - start)
    }

    private func textEvents(_ scalars: String.UnicodeScalarView, length: Int) -> ScanResult {
        let events = String(scalars).map { InputEvent.key(KeyPress(.character($0))) }
        return .events(events, length: length)
    }

    // MARK: Escape sequences

    private func scanEscape() -> ScanResult {
        let next = start + 1
        guard next < bytes.count else {
            return atEndOfInput ? .events([.key(KeyPress(.escape))], length: 1) : .incomplete
        }
        switch bytes[next] {
        case UInt8(ascii: "["): return scanCSI()
        case UInt8(ascii: "O"): return scanSS3()
        case 0x1B: return .events([.key(KeyPress(.escape))], length: 1)
        default: return scanAltKey()
        }
    }

    /// ESC followed by a key in the same burst: that key with Alt.
    private func scanAltKey() -> ScanResult {
        let keyStart = start + 1
        let byte = bytes[keyStart]
        if byte < 0x20 || byte == 0x7F {
            return .events([.key(Self.controlKey(byte).adding(.alt))], length: 2)
        }
        if byte < 0x80 {
            return .events([.key(KeyPress(.character(Character(Unicode.Scalar(byte))), modifiers: .alt))], length: 2)
        }
        switch UTF8Step.decode(bytes, at: keyStart) {
        case .scalar(let scalar, let length):
            return .events([.key(KeyPress(.character(Character(scalar)), modifiers: .alt))], length: 1 + length)
        case .invalid(let length):
            return .events([.key(KeyPress(.character("\u{FFFD}"), modifiers: .alt))], length: 1 + length)
        case .incomplete(let available):
            guard atEndOfInput else { return .incomplete }
            return .events([.key(KeyPress(.character("\u{FFFD}"), modifiers: .alt))], length: 1 + available)
        }
    }

    /// What a cut-short `ESC [` or `ESC O` means once no more bytes will come:
    /// the user typed Alt-[ or Alt-O; the bytes after it are decoded afresh.
    private func altOfIntroducer() -> ScanResult {
        .events([.key(KeyPress(.character(Character(Unicode.Scalar(bytes[start + 1]))), modifiers: .alt))], length: 2)
    }

    /// `ESC [ params intermediates final`, plus the linux console's `ESC [ [ A`
    /// function keys and X10 mouse reports, whose three payload bytes follow the final.
    private func scanCSI() -> ScanResult {
        let body = start + 2
        guard body < bytes.count else { return atEndOfInput ? altOfIntroducer() : .incomplete }
        if bytes[body] == UInt8(ascii: "[") {
            guard body + 1 < bytes.count else { return atEndOfInput ? altOfIntroducer() : .incomplete }
            let final = bytes[body + 1]
            guard (UInt8(ascii: "A")...UInt8(ascii: "E")).contains(final) else { return altOfIntroducer() }
            return .events([.key(KeyPress(.function(Int(final - UInt8(ascii: "A")) + 1)))], length: 4)
        }
        var index = body
        while index < bytes.count, (0x30...0x3F).contains(bytes[index]) { index += 1 }
        let parametersEnd = index
        while index < bytes.count, (0x20...0x2F).contains(bytes[index]) { index += 1 }
        guard index < bytes.count else {
            if index - start > Self.maximumSequenceBytes { return .ignored(length: index - start) }
            return atEndOfInput ? altOfIntroducer() : .incomplete
        }
        let final = bytes[index]
        guard (0x40...0x7E).contains(final), index - start <= Self.maximumSequenceBytes else {
            // Not a sequence a terminal sends: drop what was read so the
            // offending byte is decoded on its own.
            return .ignored(length: index - start)
        }
        let length = index + 1 - start
        let parameters = UnsafeBufferPointer(rebasing: bytes[body..<parametersEnd])
        let hasIntermediates = parametersEnd != index
        if final == UInt8(ascii: "M"), parameters.isEmpty, !hasIntermediates {
            return scanX10Mouse(payloadStart: index + 1)
        }
        if hasIntermediates { return .ignored(length: length) }
        return CSIInterpreter.interpret(parameters: parameters, final: final, length: length)
    }

    /// `ESC [ M b x y`: each payload byte is its value plus 32.
    private func scanX10Mouse(payloadStart: Int) -> ScanResult {
        let length = payloadStart + 3 - start
        guard payloadStart + 3 <= bytes.count else {
            return atEndOfInput ? .ignored(length: bytes.count - start) : .incomplete
        }
        let code = Int(bytes[payloadStart]), column = Int(bytes[payloadStart + 1]), row = Int(bytes[payloadStart + 2])
        guard code >= 32, column > 32, row > 32,
              let event = MouseDecoding.event(code: code - 32, column: column - 32, row: row - 32, releasedSGR: nil)
        else { return .ignored(length: length) }
        return .events([.mouse(event)], length: length)
    }

    /// `ESC O final`, used for arrows and Home/End in application cursor mode,
    /// F1–F4, and the keypad in application keypad mode.
    private func scanSS3() -> ScanResult {
        var index = start + 2
        // Some terminals put a modifier digit between O and the final byte.
        while index < bytes.count, index - start < 8, (0x30...0x3B).contains(bytes[index]) { index += 1 }
        guard index < bytes.count else { return atEndOfInput ? altOfIntroducer() : .incomplete }
        let final = bytes[index]
        guard (0x40...0x7E).contains(final) else { return altOfIntroducer() }
        let length = index + 1 - start
        let modifierDigits = UnsafeBufferPointer(rebasing: bytes[(start + 2)..<index])
        let modifiers = CSIParameters(modifierDigits).values.last.map { KeyModifiers(xtermParameter: $0 ?? 1) } ?? []
        let key: Key
        switch final {
        case UInt8(ascii: "A"): key = .up
        case UInt8(ascii: "B"): key = .down
        case UInt8(ascii: "C"): key = .right
        case UInt8(ascii: "D"): key = .left
        case UInt8(ascii: "H"): key = .home
        case UInt8(ascii: "F"): key = .end
        case UInt8(ascii: "P")...UInt8(ascii: "S"): key = .function(Int(final - UInt8(ascii: "P")) + 1)
        case UInt8(ascii: "M"): key = .enter
        case UInt8(ascii: "X"): key = .character("=")
        case UInt8(ascii: "j")...UInt8(ascii: "y"):
            // Application keypad: j…y are * + , - . / 0…9.
            key = .character(Character(Unicode.Scalar(final - UInt8(ascii: "j") + UInt8(ascii: "*"))))
        default: return .ignored(length: length)
        }
        return .events([.key(KeyPress(key, modifiers: modifiers))], length: length)
    }

    static var maximumSequenceBytes: Int { InputDecoder.maximumSequenceBytes }
}

extension KeyPress {
    /// The same key with more modifiers held.
    func adding(_ extra: KeyModifiers) -> KeyPress {
        KeyPress(key, modifiers: modifiers.union(extra))
    }
}
