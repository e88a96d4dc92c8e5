/// Turns the raw bytes a terminal sends into `InputEvent`s, incrementally.
///
/// Feed it bytes in whatever chunks `read(2)` returns; it keeps incomplete
/// sequences (a split UTF-8 character, an escape sequence cut in half, an open
/// bracketed paste) until the rest arrives. A lone ESC is ambiguous — the Escape
/// key, or the start of a sequence still in flight — so it stays pending until
/// the caller's timer calls `flush()` (see `escapeTimeout`). The decoder never
/// traps on malformed input: invalid UTF-8 becomes U+FFFD and unknown escape
/// sequences are dropped whole, so what follows them still arrives.
public struct InputDecoder: Sendable {
    /// How long to wait after a lone ESC before deciding it was the Escape key.
    public static let escapeTimeout: Duration = .milliseconds(25)
    /// How long an open bracketed paste may go without new bytes before it is
    /// delivered anyway, so a terminal that never sends the end marker cannot
    /// swallow every later keystroke. Generous, because the price of cutting a
    /// slow paste short (over a congested ssh link) is worse: its remaining
    /// lines would arrive as typed keys, Enter included.
    public static let pasteTimeout: Duration = .seconds(2)
    /// Pastes longer than this are delivered in several `.paste` events, which
    /// keeps the decoder's memory bounded.
    public static let maximumPasteBytes = 4 << 20
    /// Escape sequences longer than this are malformed; real ones are far shorter.
    public static let maximumSequenceBytes = 64

    /// Bytes received but not yet decoded.
    private var buffer: [UInt8] = []
    /// The body of the bracketed paste being read, when one is open.
    private var pasteBody: [UInt8]?

    public init() {}

    /// True while bytes wait for more input: the caller should arm a timer
    /// (`escapeTimeout`, or `pasteTimeout` while `isReadingPaste`) and call
    /// `flush()` when it fires without new input.
    public var hasPendingInput: Bool { !buffer.isEmpty || pasteBody != nil }

    /// True between the start and the end marker of a bracketed paste.
    public var isReadingPaste: Bool { pasteBody != nil }

    /// The number of bytes held back; bounded whatever the input.
    public var pendingByteCount: Int { buffer.count + (pasteBody?.count ?? 0) }

    /// Decodes as much of the input received so far as is unambiguous.
    public mutating func decode(_ bytes: some Sequence<UInt8>) -> [InputEvent] {
        buffer.append(contentsOf: bytes)
        var events: [InputEvent] = []
        process(into: &events, atEndOfInput: false)
        return events
    }

    /// Decides every pending byte now: a lone ESC becomes the Escape key, a cut
    /// sequence becomes the keys its bytes spell, an open paste is delivered.
    public mutating func flush() -> [InputEvent] {
        var events: [InputEvent] = []
        process(into: &events, atEndOfInput: true)
        if let body = pasteBody {
            // The paste never ended: a tail held back as the possible start of its end
            // marker is paste text too, not the start of the next key (found by fuzzing).
            pasteBody = nil
            events.append(.paste(Self.text(from: (body + buffer)[...])))
            buffer.removeAll()
        }
        return events
    }

    private mutating func process(into events: inout [InputEvent], atEndOfInput: Bool) {
        var index = 0
        let end = buffer.count
        while index < end {
            if pasteBody != nil {
                index = consumePaste(from: index, into: &events)
                if pasteBody != nil { break }
                continue
            }
            let token = buffer.withUnsafeBufferPointer { bytes in
                InputScanner(bytes: bytes, start: index, atEndOfInput: atEndOfInput).scan()
            }
            switch token {
            case .events(let decoded, let length):
                events.append(contentsOf: decoded)
                index += length
            case .ignored(let length):
                index += length
            case .pasteStart(let length):
                pasteBody = []
                index += length
            case .incomplete:
                buffer.removeFirst(index)
                return
            }
        }
        if index == end {
            buffer.removeAll(keepingCapacity: buffer.count < 4096)
        } else {
            buffer.removeFirst(index)
        }
    }

    /// Moves paste bytes from the buffer into `pasteBody`, delivering the paste
    /// when its end marker arrives; returns the index of the first unconsumed byte.
    private mutating func consumePaste(from start: Int, into events: inout [InputEvent]) -> Int {
        let marker = InputScanner.pasteEndMarker
        if let markerStart = Self.firstIndex(of: marker, in: buffer, from: start) {
            pasteBody?.append(contentsOf: buffer[start..<markerStart])
            let body = pasteBody ?? []
            pasteBody = nil
            events.append(.paste(Self.text(from: body[...])))
            return markerStart + marker.count
        }
        // Keep a tail that could be the start of the end marker for the next read.
        let keep = Self.longestSuffixThatPrefixes(marker, in: buffer, from: start)
        let cut = buffer.count - keep
        pasteBody?.append(contentsOf: buffer[start..<cut])
        if let body = pasteBody, body.count >= Self.maximumPasteBytes {
            events.append(.paste(Self.text(from: body[...])))
            pasteBody = []
        }
        return cut
    }

    static func firstIndex(of marker: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        guard bytes.count - start >= marker.count, let first = marker.first else { return nil }
        var index = start
        let last = bytes.count - marker.count
        while index <= last {
            if bytes[index] == first {
                var matched = 1
                while matched < marker.count, bytes[index + matched] == marker[matched] { matched += 1 }
                if matched == marker.count { return index }
            }
            index += 1
        }
        return nil
    }

    static func longestSuffixThatPrefixes(_ marker: [UInt8], in bytes: [UInt8], from start: Int) -> Int {
        let available = bytes.count - start
        var length = min(marker.count - 1, available)
        while length > 0 {
            if bytes[(bytes.count - length)...].elementsEqual(marker[..<length]) { return length }
            length -= 1
        }
        return 0
    }

    /// Pasted bytes as text: invalid UTF-8 becomes U+FFFD rather than failing,
    /// and the carriage returns terminals send for line breaks become "\n".
    static func text(from bytes: ArraySlice<UInt8>) -> String {
        guard bytes.contains(0x0D) else { return String(decoding: bytes, as: UTF8.self) }
        var normalized: [UInt8] = []
        normalized.reserveCapacity(bytes.count)
        var previousWasCarriageReturn = false
        for byte in bytes {
            if byte == 0x0A, previousWasCarriageReturn {
                previousWasCarriageReturn = false
                continue
            }
            previousWasCarriageReturn = byte == 0x0D
            normalized.append(byte == 0x0D ? 0x0A : byte)
        }
        return String(decoding: normalized, as: UTF8.self)
    }
}
