import Foundation

/// A set of index slots as a bit per slot: membership tests and updates in O(1),
/// 1 bit per order.
struct SlotSet: Sendable, Equatable {
    private(set) var words: [UInt64]
    private(set) var capacity: Int

    /// An empty set for slots `0..<capacity`, or a full one.
    init(capacity: Int, full: Bool = false) {
        self.capacity = capacity
        words = [UInt64](repeating: full ? ~0 : 0, count: (capacity + 63) / 64)
        if full, capacity % 64 != 0 { words[words.count - 1] = (1 << UInt64(capacity % 64)) - 1 }
    }

    @inline(__always)
    func contains(_ slot: Int32) -> Bool {
        let index = Int(slot)
        guard index < capacity else { return false }
        return words[index >> 6] & (1 << UInt64(index & 63)) != 0
    }

    @inline(__always)
    mutating func insert(_ slot: Int32) {
        let index = Int(slot)
        words[index >> 6] |= 1 << UInt64(index & 63)
    }

    @inline(__always)
    mutating func remove(_ slot: Int32) {
        let index = Int(slot)
        words[index >> 6] &= ~(1 << UInt64(index & 63))
    }

    mutating func set(_ slot: Int32, _ member: Bool) {
        if member { insert(slot) } else { remove(slot) }
    }

    /// Makes room for slots up to `capacity` (new slots are not members).
    mutating func grow(to newCapacity: Int) {
        guard newCapacity > capacity else { return }
        capacity = newCapacity
        let needed = (newCapacity + 63) / 64
        if needed > words.count { words.append(contentsOf: repeatElement(0, count: needed - words.count)) }
    }

    var count: Int { words.reduce(0) { $0 + $1.nonzeroBitCount } }

    /// The same members for slots `0..<newCapacity` (members beyond it are dropped).
    func resized(to newCapacity: Int) -> SlotSet {
        var copy = self
        if newCapacity >= capacity {
            copy.grow(to: newCapacity)
            return copy
        }
        copy.capacity = newCapacity
        copy.words.removeLast(copy.words.count - (newCapacity + 63) / 64)
        if newCapacity % 64 != 0, let last = copy.words.indices.last {
            copy.words[last] &= (1 << UInt64(newCapacity % 64)) - 1
        }
        return copy
    }

    /// Calls `body` with each member in ascending order.
    @inline(__always)
    func forEach(_ body: (Int32) -> Void) {
        for (wordIndex, word) in words.enumerated() where word != 0 {
            var remaining = word
            while remaining != 0 {
                let bit = remaining.trailingZeroBitCount
                body(Int32(wordIndex << 6 | bit))
                remaining &= remaining - 1
            }
        }
    }

    /// The members for which `test` (given the slot as an Int) is true, or false when `negated`.
    @inline(__always)
    func filter(negated: Bool, _ test: (Int) -> Bool) -> SlotSet {
        var result = SlotSet(capacity: capacity)
        result.words.withUnsafeMutableBufferPointer { output in
            words.withUnsafeBufferPointer { input in
                Self.filterWords(input, into: output, range: 0..<input.count, negated: negated, test)
            }
        }
        return result
    }

    /// Like `filter`, split over the machine's cores for expensive tests (text search).
    func parallelFilter(negated: Bool, _ test: (Int) -> Bool) -> SlotSet {
        var result = SlotSet(capacity: capacity)
        let wordCount = words.count
        let chunks = wordCount < 4_096 ? 1 : ProcessInfo.processInfo.activeProcessorCount * 4
        result.words.withUnsafeMutableBufferPointer { output in
            words.withUnsafeBufferPointer { input in
                // Each chunk writes only its own words, so the chunks never share memory.
                nonisolated(unsafe) let output = output
                nonisolated(unsafe) let input = input
                withoutActuallyEscaping(test) { test in
                    nonisolated(unsafe) let test = test
                    DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
                        let range = (wordCount * chunk / chunks)..<(wordCount * (chunk + 1) / chunks)
                        Self.filterWords(input, into: output, range: range, negated: negated, test)
                    }
                }
            }
        }
        return result
    }

    @inline(__always)
    private static func filterWords(_ input: UnsafeBufferPointer<UInt64>, into output: UnsafeMutableBufferPointer<UInt64>,
                                    range: Range<Int>, negated: Bool, _ test: (Int) -> Bool) {
        for wordIndex in range {
            var remaining = input[wordIndex]
            var kept: UInt64 = 0
            while remaining != 0 {
                let bit = remaining.trailingZeroBitCount
                if test(wordIndex << 6 | bit) != negated { kept |= 1 << UInt64(bit) }
                remaining &= remaining - 1
            }
            output[wordIndex] = kept
        }
    }
}
