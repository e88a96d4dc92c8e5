import Foundation
import OrdersStorage

/// An amount kept for some rows only (the outstanding balances that differ from the total: a
/// third of the demo's orders), laid out so an index file's copy is read in place: the rows' slots
/// ascending with their amounts as integers of 10⁻⁴ (`OrderIndex.scaledTotal`), found by binary
/// search. The rare amount with more places, or out of that range, is kept exactly beside them.
/// Rows changed after the file was read live in a small private overlay, so a change never copies
/// the shared columns.
struct SlotAmounts: Sendable {
    typealias Slot = OrderIndex.Slot

    /// Ascending; `scaled[i]` belongs to `slots[i]`.
    private(set) var slots: IndexColumn<Slot> = []
    /// `Int64.min` when the exact amount is in `exact`.
    private(set) var scaled: IndexColumn<Int64> = []
    private(set) var exact: [Slot: Decimal] = [:]
    /// Rows set since the columns were written or read: the amount, or nil for none.
    private var changed: [Slot: Decimal?] = [:]

    init() {}

    /// Every row with an amount, in slot order.
    init(_ amounts: [Slot: Decimal]) {
        self.init()
        for (slot, amount) in amounts.sorted(by: { $0.key < $1.key }) {
            slots.append(slot)
            if let value = OrderIndex.scaledTotal(amount), value != Int64.min {
                scaled.append(value)
            } else {
                scaled.append(Int64.min)
                exact[slot] = amount
            }
        }
    }

    /// The row's amount as an integer of 10⁻⁴ when it is one, without making a `Decimal` (the
    /// filters' fast path); nil when the row has no amount or only an exact one.
    func scaledAmount(_ slot: Slot) -> Int64? {
        if !changed.isEmpty, let value = changed[slot] { return value.flatMap(OrderIndex.scaledTotal) }
        guard let position = position(of: slot) else { return nil }
        let value = scaled[position]
        return value == Int64.min ? nil : value
    }

    subscript(slot: Slot) -> Decimal? {
        get {
            if !changed.isEmpty, let value = changed[slot] { return value }
            guard let position = position(of: slot) else { return nil }
            let value = scaled[position]
            return value == Int64.min ? exact[slot] : Decimal(value) / OrderIndex.totalFactor
        }
        set {
            guard self[slot] != newValue else { return }
            changed[slot] = .some(newValue)
        }
    }

    private func position(of slot: Slot) -> Int? {
        slots.withUnsafeBufferPointer { slots in
            var low = 0, high = slots.count
            while low < high {
                let middle = (low + high) / 2
                if slots[middle] < slot { low = middle + 1 } else { high = middle }
            }
            return low < slots.count && slots[low] == slot ? low : nil
        }
    }

    /// Every row's amount, the overlay applied (for writing and comparing).
    var all: [Slot: Decimal] {
        var result: [Slot: Decimal] = [:]
        result.reserveCapacity(slots.count)
        for (position, slot) in slots.enumerated() {
            result[slot] = scaled[position] == Int64.min ? exact[slot] : Decimal(scaled[position]) / OrderIndex.totalFactor
        }
        for (slot, value) in changed { result[slot] = value }
        return result
    }

    /// Bytes this process holds (the overlay and any columns not read from the mapping).
    var ownedByteCount: Int { slots.ownedByteCount + scaled.ownedByteCount + (exact.count + changed.count) * 48 }
}

extension SlotAmounts: Equatable {
    static func == (lhs: SlotAmounts, rhs: SlotAmounts) -> Bool { lhs.all == rhs.all }
}

extension SlotAmounts {
    /// Writes the rows' amounts (overlay applied) or reads them, the columns left in the mapping.
    mutating func transcode(with coder: inout some IndexFileCoder) throws {
        var written = coder.isReading ? SlotAmounts() : (changed.isEmpty ? self : SlotAmounts(all))
        try coder.column(&written.slots)
        try coder.column(&written.scaled)
        try coder.slotTexts(&written.exact, arity: 1, texts: { [$0.description] }, value: Self.decimal)
        guard coder.isReading else { return }
        guard written.slots.count == written.scaled.count, zip(written.slots, written.slots.dropFirst()).allSatisfy({ $0 < $1 }),
              zip(written.slots, written.scaled).allSatisfy({ $1 != Int64.min || written.exact[$0] != nil }) else {
            throw IndexFileProblem.corrupt("a column of amounts disagrees with its rows")
        }
        self = written
    }

    private static func decimal(_ texts: [String]) throws -> Decimal {
        guard let value = Decimal(string: texts[0], locale: Locale(identifier: "en_US_POSIX")) else {
            throw IndexFileProblem.corrupt("an amount reads \(texts[0])")
        }
        return value
    }
}
