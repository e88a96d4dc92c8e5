import Foundation
import OrdersStorage

/// One pass over the index's columns that either writes them to an index file or reads them back
/// (`OrderIndex.transcode(with:)` lists every column once, for both directions, so a new column is
/// one line there). Reading replaces each value with the file's.
protocol IndexFileCoder {
    /// True when the values are read from a file (and must be replaced), false when written.
    var isReading: Bool { get }
    /// A column of plain values, stored as its raw bytes (native byte order, checked by the header).
    mutating func column<Element: BitwiseCopyable>(_ values: inout [Element]) throws
    /// The same for one of the index's own columns: reading leaves it in the mapped file, in place.
    mutating func column<Element: BitwiseCopyable>(_ values: inout IndexColumn<Element>) throws
}

extension IndexFileCoder {
    /// Strings as one column of lengths and one of UTF-8 bytes.
    mutating func strings(_ values: inout [String]) throws {
        var lengths = isReading ? [] : values.map { UInt32($0.utf8.count) }
        var bytes: [UInt8] = []
        if !isReading {
            bytes.reserveCapacity(Int(lengths.reduce(0) { $0 + UInt64($1) }))
            for value in values { bytes.append(contentsOf: value.utf8) }
        }
        try column(&lengths)
        try column(&bytes)
        guard isReading else { return }
        var result: [String] = []
        result.reserveCapacity(lengths.count)
        var start = 0
        for length in lengths {
            let end = start + Int(length)
            guard end <= bytes.count else { throw IndexFileProblem.corrupt("a text column runs past its bytes") }
            result.append(String(decoding: bytes[start..<end], as: UTF8.self))
            start = end
        }
        values = result
    }

    /// Lists of strings (tag sets, discount codes) as a column of counts and the strings back to back.
    mutating func stringLists(_ values: inout [[String]]) throws {
        var counts = isReading ? [] : values.map { UInt32($0.count) }
        var flat = isReading ? [] : values.flatMap { $0 }
        try column(&counts)
        try strings(&flat)
        guard isReading else { return }
        values = try Self.split(flat, counts: counts)
    }

    /// A sparse per-slot value (few rows have one) as a column of slots and one of its texts.
    mutating func slotTexts<Value>(_ values: inout [OrderIndex.Slot: Value], arity: Int,
                                   texts: (Value) -> [String], value: ([String]) throws -> Value) throws {
        let sorted = isReading ? [] : values.sorted { $0.key < $1.key }
        var slots = sorted.map(\.key)
        var flat = sorted.flatMap { texts($0.value) }
        try column(&slots)
        try strings(&flat)
        guard isReading else { return }
        guard flat.count == slots.count * arity else { throw IndexFileProblem.corrupt("a sparse column's texts do not match its slots") }
        var result: [OrderIndex.Slot: Value] = [:]
        result.reserveCapacity(slots.count)
        for (position, slot) in slots.enumerated() {
            result[slot] = try value(Array(flat[position * arity..<(position + 1) * arity]))
        }
        values = result
    }

    static func split(_ flat: [String], counts: [UInt32]) throws -> [[String]] {
        var result: [[String]] = []
        result.reserveCapacity(counts.count)
        var start = 0
        for count in counts {
            let end = start + Int(count)
            guard end <= flat.count else { throw IndexFileProblem.corrupt("a list column runs past its entries") }
            result.append(Array(flat[start..<end]))
            start = end
        }
        return result
    }
}
