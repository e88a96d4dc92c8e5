/// The numeric parameters of a control sequence: `1;5` → [1, 5].
///
/// An empty field is `nil` (the sequence's default). Sub-parameters after `:`
/// are ignored, and numbers are clamped so hostile input cannot overflow.
struct CSIParameters {
    private(set) var values: [Int?] = []
    /// The private-use prefix (`<`, `?`, `>`, `=`), if any.
    private(set) var marker: UInt8?

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        var current: Int?
        var inSubparameter = false
        for (offset, byte) in bytes.enumerated() {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                guard !inSubparameter else { continue }
                current = min((current ?? 0) * 10 + Int(byte - UInt8(ascii: "0")), 1_000_000)
            case UInt8(ascii: ";"):
                values.append(current)
                current = nil
                inSubparameter = false
            case UInt8(ascii: ":"):
                inSubparameter = true
            default:
                if offset == 0 { marker = byte }
            }
        }
        if !bytes.isEmpty, !(bytes.count == 1 && marker != nil) { values.append(current) }
    }

    subscript(_ index: Int) -> Int? {
        index < values.count ? values[index] : nil
    }
}

extension KeyModifiers {
    /// Modifiers from xterm's parameter encoding: 1 + (shift 1 | alt 2 | ctrl 4 | meta 8).
    init(xtermParameter: Int) {
        let bits = max(xtermParameter - 1, 0)
        var modifiers: KeyModifiers = []
        if bits & 1 != 0 { modifiers.insert(.shift) }
        if bits & 2 != 0 || bits & 8 != 0 { modifiers.insert(.alt) }
        if bits & 4 != 0 { modifiers.insert(.control) }
        self = modifiers
    }
}
