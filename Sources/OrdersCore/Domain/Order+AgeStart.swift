import Foundation

extension Order {
    /// Where an order's age counts from: when it was paid, or when it was created while it is unpaid.
    /// The one home of that rule: the list's Age column and the `age>2d` / `age<4h` search terms
    /// (and every store's translation of them) read it.
    public var ageStart: Date { Self.ageStart(paidAt: paidAt, createdAt: createdAt) }

    /// The same rule for an order known only by these two times (a store's narrow projection).
    package static func ageStart(paidAt: Date?, createdAt: Date) -> Date { paidAt ?? createdAt }
}
