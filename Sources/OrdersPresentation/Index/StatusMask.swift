import OrdersCore

/// A set of statuses as one byte, bit `workflowRank` for each status: how the index stores a
/// row's status (its rank) and tests it against a tab or a `status:` term in one instruction.
/// The one home of that encoding.
struct StatusMask: Hashable, Sendable {
    let bits: UInt8

    init(_ statuses: some Sequence<OrderStatus>) {
        bits = statuses.reduce(0) { $0 | 1 << UInt8($1.workflowRank) }
    }

    private init(bits: UInt8) {
        self.bits = bits
    }

    /// Every status: no status filter at all.
    static let all = StatusMask(bits: 0xFF)

    /// Whether the status stored as `rank` (an index `statuses` entry) is in the set.
    @inline(__always)
    func contains(rank: UInt8) -> Bool {
        bits & (1 << rank) != 0
    }
}
