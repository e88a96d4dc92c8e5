import Foundation
import OrdersInterchange

/// What pulling one shop did: the orders new and changed, those unchanged, the conflicts with
/// changes made here, the orders that could not be read, and why the pull stopped, if it did.
public struct ShopPullReport: Sendable, Hashable {
    public var shop: String
    public var outcome = ShopImportOutcome()
    /// Orders the shop sent that could not be read or mapped: listed, not written.
    public var problems: [ImportProblem] = []
    /// Why the pull stopped early, in one sentence (the credential redacted); nil when it went through.
    public var failure: String?

    public init(shop: String) {
        self.shop = shop
    }

    /// Whether everything the shop sent was pulled.
    public var wentThrough: Bool { failure == nil && problems.isEmpty }

    /// `shop: pulled 12 new, 3 updated, 40 unchanged` (and the conflicts, problems or failure).
    public var summary: String {
        var text = "\(shop): pulled \(outcome.new.count) new, \(outcome.updated.count) updated, \(outcome.unchanged) unchanged"
        if !outcome.conflicts.isEmpty { text += ", \(outcome.conflicts.count) conflict\(outcome.conflicts.count == 1 ? "" : "s") kept as changed here" }
        if !problems.isEmpty { text += ", \(problems.count) not read" }
        if let failure { text += "; stopped: \(failure)" }
        return text
    }
}

/// How far a pull has come, for a progress line.
public struct ShopPullProgress: Sendable, Hashable {
    public var shop: String
    public var ordersSeen: Int
    /// The newest change pulled so far.
    public var pulledThrough: Date?
}
