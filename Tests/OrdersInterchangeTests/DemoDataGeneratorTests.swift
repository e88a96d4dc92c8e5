import Foundation
@testable import OrdersCore
@testable import OrdersInterchange
@testable import OrdersStorage
import Synchronization
import Testing

@Suite("Demo data generator")
struct DemoDataGeneratorTests {
    static let now = Date(timeIntervalSince1970: 1_790_000_000) // 2026-09-21, a fixed "now"
    let generator = DemoDataGenerator(seed: 42, now: DemoDataGeneratorTests.now)

    @Test func sameSeedGivesIdenticalOrders() {
        let first = generator.orders(count: 1_500)
        let second = DemoDataGenerator(seed: 42, now: Self.now).orders(count: 1_500)
        #expect(first == second)
    }

    @Test func differentSeedGivesDifferentOrders() {
        let a = generator.orders(count: 200)
        let b = DemoDataGenerator(seed: 43, now: Self.now).orders(count: 200)
        #expect(a.map(\.id) == b.map(\.id))
        let differing = zip(a, b).filter { $0.customerName != $1.customerName || $0.total != $1.total }.count
        #expect(differing > 150)
    }

    @Test func aBatchEqualsTheSameSliceOfTheWhole() {
        let whole = generator.orders(count: 1_000)
        let slice = generator.orders(numbers: 500..<600, of: 1_000)
        #expect(slice == Array(whole[499..<599]))
    }

    /// Pins the exact output for one seed, so a change to the algorithm (which would
    /// silently change everyone's demo database) is noticed and made on purpose.
    @Test func pinnedOutputForSeed42() {
        let orders = generator.orders(count: 5)
        let summary = orders.map { "\($0.id) \($0.customerName) <\($0.email)> \($0.country) \($0.currency) \($0.total) \($0.status)" }
        #expect(summary == [
            "ORD-0000001 David Thomas <dthomas@gmail.com> US EUR 543.7 completed",
            "ORD-0000002 中村 ゆい <yuinakamura40@gmail.com> JP JPY 89823 completed",
            "ORD-0000003 Chloé Rousseau <crousseau@sfr.fr> FR EUR 115.15 completed",
            "ORD-0000004 Raphaël Fournier <fournier.raphael@laposte.net> FR EUR 437.96 completed",
            "ORD-0000005 Amelia Edwards <aedwards@hotmail.co.uk> GB GBP 208.78 shipped",
        ])
    }

    @Test func idsAreSequentialFromOne() {
        let ids = generator.orders(count: 300).map(\.id.description)
        #expect(ids.first == "ORD-0000001")
        #expect(ids[41] == "ORD-0000042")
        #expect(ids.last == "ORD-0000300")
    }

    @Test func everyOrderPassesTheDomainRules() {
        for order in generator.orders(count: 3_000) {
            #expect(order.validationIssues() == [], "\(order.id)")
            #expect((1...8).contains(order.items.count), "\(order.id)")
            #expect(Set(order.items.map(\.sku)).count == order.items.count, "\(order.id) repeats a SKU")
            #expect(order.version == 1)
        }
    }

    @Test func datesSpanTwoYearsBeforeNowInIdOrder() {
        let orders = generator.orders(count: 2_000)
        let earliest = Self.now.addingTimeInterval(-DemoDataGenerator.history)
        for order in orders {
            #expect(order.createdAt >= earliest && order.createdAt < Self.now, "\(order.id)")
            #expect(order.updatedAt >= order.createdAt && order.updatedAt <= Self.now, "\(order.id)")
            // Whole milliseconds, so the SQLite store's integer-millisecond timestamps round-trip exactly.
            let ms = order.createdAt.timeIntervalSince1970 * 1000
            #expect(ms == ms.rounded(), "\(order.id)")
        }
        #expect(zip(orders, orders.dropFirst()).allSatisfy { $0.createdAt <= $1.createdAt })
        let oldest = orders[0]
        #expect(oldest.createdAt < earliest.addingTimeInterval(30 * 86_400))
    }

    @Test func statusMixFollowsAge() {
        let orders = generator.orders(count: 20_000)
        let day: TimeInterval = 86_400
        let recent = orders.filter { Self.now.timeIntervalSince($0.createdAt) < day }
        let old = orders.filter { Self.now.timeIntervalSince($0.createdAt) > 60 * day }
        #expect(!recent.isEmpty)
        #expect(recent.allSatisfy { [.pending, .processing, .cancelled].contains($0.status) })
        #expect(recent.filter { $0.status == .pending }.count * 2 > recent.count)
        #expect(old.allSatisfy { $0.status != .pending && $0.status != .processing })
        let completedShare = Double(old.filter { $0.status == .completed }.count) / Double(old.count)
        #expect(completedShare > 0.8 && completedShare < 0.95)
        #expect(old.contains { $0.status == .refunded })
        #expect(old.contains { $0.status == .cancelled })
    }

    @Test func namesEmailsCountriesAndCurrenciesAreVaried() {
        let orders = generator.orders(count: 5_000)
        let currencies = Set(orders.map(\.currency.code))
        #expect(currencies.isSuperset(of: ["USD", "EUR", "GBP", "JPY", "KRW", "CNY"]))
        #expect(orders.contains { $0.customerName.unicodeScalars.contains { $0.value >= 0x4E00 && $0.value <= 0x9FFF } })
        #expect(orders.contains { $0.customerName.unicodeScalars.contains { $0.value >= 0xAC00 && $0.value <= 0xD7A3 } })
        #expect(orders.contains { $0.customerName.contains("ł") || $0.customerName.contains("Ł") })
        #expect(orders.contains { $0.customerName.hasPrefix("Zoë ") })
        for order in orders {
            #expect(order.email.allSatisfy { $0.isASCII }, "\(order.email)")
            #expect(Order.isPlausibleEmail(order.email), "\(order.email)")
        }
        // Shipping country matches the currency for most orders (a few pay in USD/EUR abroad).
        let consistent = orders.filter { DemoCatalog.currency(forCountry: $0.country) == $0.currency }.count
        #expect(Double(consistent) / Double(orders.count) > 0.9)
        #expect(orders.contains { $0.flagged })
        #expect(orders.contains { $0.assignee != nil })
        #expect(orders.contains { $0.tags.contains("vip") })
        #expect(orders.contains { !$0.notes.isEmpty })
        #expect(orders.contains { $0.discount > 0 })
    }

    @Test func zeroDecimalCurrenciesHaveWholeAmounts() {
        let orders = generator.orders(count: 3_000).filter { $0.currency.minorUnits == 0 }
        #expect(!orders.isEmpty)
        for order in orders {
            for amount in order.items.map(\.unitPrice) + [order.discount, order.shipping, order.tax, order.total] {
                #expect(amount == Currency.jpy.rounded(amount), "\(order.id): \(amount)")
            }
        }
    }

    @Test func asciiFoldingOfNamesForEmail() {
        #expect(ASCIIFolding.emailLocalPart("Müller-Łukasiewicz") == "muller-lukasiewicz")
        #expect(ASCIIFolding.emailLocalPart("Zoë") == "zoe")
        #expect(ASCIIFolding.emailLocalPart("O'Brien") == "obrien")
        #expect(ASCIIFolding.emailLocalPart("Groß") == "gross")
        #expect(ASCIIFolding.emailLocalPart("Åsa Søderström") == "asasoderstrom")
    }

    @Test func populateInsertsEveryOrderInBatches() async throws {
        let store = InMemoryOrderStore()
        let progress = ProgressRecorder()
        try await generator.populate(store, count: 2_345, batchSize: 1_000) { progress.record($0) }
        #expect(store.count == 2_345)
        #expect(progress.values == [1_000, 2_000, 2_345])
        let stored = try await store.order(OrderID(2_345))
        #expect(stored == generator.order(number: 2_345, of: 2_345))
    }
}

final class ProgressRecorder: Sendable {
    private let storage = Mutex<[Int]>([])
    func record(_ value: Int) { storage.withLock { $0.append(value) } }
    var values: [Int] { storage.withLock { $0 } }
}
