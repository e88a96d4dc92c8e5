import Foundation
@testable import OrdersCore
@testable import OrdersInterchange
@testable import OrdersStorage
import OrdersTestSupport
import Synchronization
import Testing

/// Issue 31: an unchanged order of a re-imported CSV costs a digest of its rows (`ShopRowsDigest`),
/// stored beside the order with the version it was written at (migration 15, `ShopDigestStore`).
/// Whatever the digests, a re-import reports what the full path (read, map, merge) reports: an
/// operator's change since moves the version and sends the order down the full path, a changed row
/// is read, other options or reading code make every digest stale, and a database from before
/// digests takes the full path once and then has them. On both SQL engines.
@Suite("Re-import: an unchanged order counted by its rows' digest, the same as the full path")
struct ShopReimportDigestTests {
    static let sqlStores = [StoreKind.sqlite, .postgres]
    static let shopify = ShopFixtures.shopifyReferences

    /// Imports `text` as `orders import` does on an existing database: the stored digests read
    /// first (`existingStore`), unless `digests` is false (then every order takes the full path).
    static func importFile(_ text: String, into store: some OrderStore, name: String = "orders_export.csv",
                           options: ShopImportOptions = ShopImportOptions(zone: ShopFixtures.utc),
                           digests: Bool = true) async throws -> ShopImportReport {
        try await ShopImporter(options: options).run(
            .bytes(Array(text.utf8), fileName: name), dryRun: false, at: OrderFixtures.now,
            existingStore: { digests ? store : nil }, openStore: { store }, actor: { _ in "importer" })
    }

    static func outcome(_ text: String, into store: some OrderStore, name: String = "orders_export.csv",
                        options: ShopImportOptions = ShopImportOptions(zone: ShopFixtures.utc),
                        digests: Bool = true) async throws -> ShopImportOutcome {
        let report = try await importFile(text, into: store, name: name, options: options, digests: digests)
        if !report.refusal.isEmpty { throw ImportError(problems: report.refusal) }
        return report.outcome
    }

    /// The numbers of the orders whose digest is current (their order still at the digest's version).
    static func digested(in store: any OrderStore) async throws -> [String] {
        let digests = try #require(store as? any ShopDigestStore)
        return try await digests.currentShopDigests().values.map(\.reference.number).sorted()
    }

    static func all(in store: any OrderStore) async throws -> [Order] {
        try await store.orders(matching: OrderQuery(), page: PageRequest(limit: 100)).orders
    }

    /// Changes a stored order's customer behind the store's back, its version left as it was: what
    /// no writer does, so that a re-import which still reads the order (and puts the shop's name
    /// back) can be told from one that counts it by its digest.
    static func renameBehindTheStoresBack(_ number: String, in fixture: StoreFixture) throws {
        let sql = "UPDATE orders SET customer = 'Changed Behind' WHERE number = '\(number)'"
        switch fixture.kind {
        case .sqlite:
            let path = try #require(fixture.directory).appendingPathComponent("orders.db").path
            let connection = try SQLiteConnection(path: path, create: false)
            defer { connection.close() }
            try connection.execute(sql)
        case .postgres:
            _ = try PostgresConnection(connectionString: try #require(fixture.connectionString)).execute(sql)
        case .memory:
            Issue.record("the in-memory store keeps no digests")
        }
    }

    /// The database as a build before migration 15 left it, opened again (and so migrated) by a new handle.
    static func withoutDigestsTable(_ fixture: StoreFixture) throws -> any OrderStore {
        switch fixture.kind {
        case .sqlite:
            let path = try #require(fixture.directory).appendingPathComponent("orders.db").path
            let connection = try SQLiteConnection(path: path, create: false)
            try connection.execute("DROP TABLE shop_import_digests; PRAGMA user_version = 14")
            connection.close()
        case .postgres:
            try PostgresConnection(connectionString: try #require(fixture.connectionString))
                .executeScript("DROP TABLE shop_import_digests; UPDATE orders_schema SET version = 14")
        case .memory:
            Issue.record("the in-memory store keeps no digests")
        }
        return try fixture.secondHandle()
    }

    @Test(arguments: sqlStores)
    func anUnchangedFileIsCountedUnchangedByItsDigestsAndWritesNothing(_ kind: StoreKind) async throws {
        let fixture = try StoreFixture(kind)
        let first = try await Self.outcome(ShopFixtures.shopifyCSV, into: fixture.store)
        #expect(first == ShopImportOutcome(new: Self.shopify, updated: [], unchanged: 0, conflicts: []))
        #expect(try await Self.digested(in: fixture.store) == ["#1001", "1101", "SO-2024-00017"])
        let orders = try await Self.all(in: fixture.store)
        let histories = try await orders.asyncMap { try await fixture.store.history(of: $0.id) }

        let withDigests = try await Self.outcome(ShopFixtures.shopifyCSV, into: fixture.store)
        let withoutDigests = try await Self.outcome(ShopFixtures.shopifyCSV, into: fixture.store, digests: false)

        let unchanged = ShopImportOutcome(new: [], updated: [], unchanged: 3, conflicts: [])
        #expect(withDigests == unchanged)
        #expect(withoutDigests == unchanged)
        #expect(try await Self.all(in: fixture.store) == orders)
        #expect(try await orders.asyncMap { try await fixture.store.history(of: $0.id) } == histories)
        #expect(try await Self.digested(in: fixture.store) == ["#1001", "1101", "SO-2024-00017"])
    }

    @Test(arguments: sqlStores)
    func anOrderCountedByItsDigestIsNotReadAndOneWithoutIsRead(_ kind: StoreKind) async throws {
        let fixture = try StoreFixture(kind)
        _ = try await Self.outcome(ShopFixtures.shopifyCSV, into: fixture.store)
        try Self.renameBehindTheStoresBack("#1001", in: fixture)

        // Its digest still current (the version did not move): not read, so the name stays.
        let skipped = try await Self.outcome(ShopFixtures.shopifyCSV, into: fixture.store)
        #expect(skipped == ShopImportOutcome(new: [], updated: [], unchanged: 3, conflicts: []))
        #expect(try await StoreFixture.stored("#1001", in: fixture.store).customerName == "Changed Behind")

        // The full path reads it and puts the shop's name back.
        let read = try await Self.outcome(ShopFixtures.shopifyCSV, into: fixture.store, digests: false)
        #expect(read == ShopImportOutcome(new: [], updated: [Self.shopify[0]], unchanged: 2, conflicts: []))
        #expect(try await StoreFixture.stored("#1001", in: fixture.store).customerName == "Ann Lee")
    }

    @Test(arguments: sqlStores)
    func anOperatorsChangeSinceSendsTheOrderDownTheFullPathAndKeepsTodaysResult(_ kind: StoreKind) async throws {
        let fixture = try StoreFixture(kind)
        _ = try await Self.outcome(ShopFixtures.shopifyCSV, into: fixture.store)
        let imported = try await StoreFixture.stored("SO-2024-00017", in: fixture.store)
        let shipped = try await fixture.store.update(imported.id, expectedVersion: imported.version,
                                                     mutations: [.setStatus(.shipped)], actor: "ana")
        let history = try await fixture.store.history(of: imported.id)
        // Its digest belongs to the version before ana's change: no longer current.
        #expect(try await Self.digested(in: fixture.store) == ["#1001", "1101"])

        let again = try await Self.outcome(ShopFixtures.shopifyCSV, into: fixture.store)

        // What the full path says (`ShopReimportOperatorWorkTests`): unchanged, ana's work kept.
        #expect(again == ShopImportOutcome(new: [], updated: [], unchanged: 3, conflicts: []))
        #expect(try await StoreFixture.stored("SO-2024-00017", in: fixture.store) == shipped)
        #expect(try await fixture.store.history(of: imported.id) == history)
        // Compared unchanged at ana's version, so its digest is stored again at that version.
        #expect(try await Self.digested(in: fixture.store) == ["#1001", "1101", "SO-2024-00017"])
    }

    @Test(arguments: sqlStores)
    func anOrderChangedBetweenThePassesIsReadAfterAll(_ kind: StoreKind) async throws {
        let fixture = try StoreFixture(kind)
        _ = try await Self.outcome(ShopFixtures.shopifyCSV, into: fixture.store)
        try Self.renameBehindTheStoresBack("#1001", in: fixture)
        // The first pass sets #1001 aside by its digest; ana flags it before the writing begins.
        let store = FlagsBeforeWriting(base: fixture.store, number: "#1001")

        let again = try await Self.outcome(ShopFixtures.shopifyCSV, into: store)

        // Found changed inside the transaction: the file read again and #1001 merged, the shop's
        // name put back and ana's flag kept, as the full path does.
        #expect(again == ShopImportOutcome(new: [], updated: [Self.shopify[0]], unchanged: 2, conflicts: []))
        let merged = try await StoreFixture.stored("#1001", in: fixture.store)
        #expect(merged.customerName == "Ann Lee")
        #expect(merged.flagged)
        #expect(try await Self.digested(in: fixture.store) == ["#1001", "1101", "SO-2024-00017"])
    }

    @Test(arguments: sqlStores)
    func aChangedOrderIsReadMergedAndItsNewDigestStored(_ kind: StoreKind) async throws {
        let digested = try StoreFixture(kind)
        let full = try StoreFixture(kind)
        for fixture in [digested, full] {
            _ = try await Self.outcome(ShopFixtures.shopifyCSV, into: fixture.store, digests: fixture === digested)
        }

        let withDigests = try await Self.outcome(ShopFixtures.nextDaysExport, into: digested.store)
        let withoutDigests = try await Self.outcome(ShopFixtures.nextDaysExport, into: full.store, digests: false)

        let expected = ShopImportOutcome(new: [], updated: [Self.shopify[2]], unchanged: 2, conflicts: [])
        #expect(withDigests == expected)
        #expect(withoutDigests == expected)
        let paid = try await StoreFixture.stored("SO-2024-00017", in: digested.store)
        #expect(paid.payment == .paid)
        #expect(paid.fulfillment == .fulfilled)
        #expect(try await Self.all(in: digested.store) == Self.all(in: full.store))
        // The changed order's digest is now of the next day's rows: that file again is all unchanged.
        #expect(try await Self.outcome(ShopFixtures.nextDaysExport, into: digested.store)
                    == ShopImportOutcome(new: [], updated: [], unchanged: 3, conflicts: []))
    }

    @Test(arguments: sqlStores)
    func otherOptionsMakeEveryDigestStale(_ kind: StoreKind) async throws {
        let fixture = try StoreFixture(kind)
        _ = try await Self.outcome(ShopFixtures.shopifyCSV, into: fixture.store)
        try Self.renameBehindTheStoresBack("#1001", in: fixture)

        // Another zone for dates without one: Shopify's carry theirs, so the orders are the same,
        // but the digests were of rows read under the other zone, so every order is read again.
        let tokyo = ShopImportOptions(zone: try #require(TimeZone(identifier: "Asia/Tokyo")))
        let again = try await Self.outcome(ShopFixtures.shopifyCSV, into: fixture.store, options: tokyo)

        #expect(again == ShopImportOutcome(new: [], updated: [Self.shopify[0]], unchanged: 2, conflicts: []))
        #expect(try await StoreFixture.stored("#1001", in: fixture.store).customerName == "Ann Lee")
    }

    @Test(arguments: sqlStores)
    func aDatabaseFromBeforeDigestsTakesTheFullPathOnceThenHasThem(_ kind: StoreKind) async throws {
        let fixture = try StoreFixture(kind)
        _ = try await Self.outcome(ShopFixtures.shopifyCSV, into: fixture.store)
        let migrated = try Self.withoutDigestsTable(fixture)
        #expect(try await Self.digested(in: migrated) == [])
        try Self.renameBehindTheStoresBack("#1001", in: fixture)

        // No digests: every order read, #1001's name put back; the digests of what it compared stored.
        let first = try await Self.outcome(ShopFixtures.shopifyCSV, into: migrated)
        #expect(first == ShopImportOutcome(new: [], updated: [Self.shopify[0]], unchanged: 2, conflicts: []))
        #expect(try await Self.digested(in: migrated) == ["#1001", "1101", "SO-2024-00017"])
        let orders = try await Self.all(in: migrated)

        let second = try await Self.outcome(ShopFixtures.shopifyCSV, into: migrated)
        #expect(second == ShopImportOutcome(new: [], updated: [], unchanged: 3, conflicts: []))
        #expect(try await Self.all(in: migrated) == orders)
    }

    @Test(arguments: sqlStores)
    func anOrderTwiceInTheFileIsTheSameProblemWhetherItsRowsWereReadOrNot(_ kind: StoreKind) async throws {
        let fixture = try StoreFixture(kind)
        _ = try await Self.outcome(ShopFixtures.shopifyCSV, into: fixture.store)
        // Every order twice: the file's rows again after it. Its lines end in CRLF (one `Character`),
        // and its header has no line break inside.
        let text = ShopFixtures.shopifyCSV
        #expect(text.hasSuffix("\r\n"))
        let body = text[text.index(after: try #require(text.firstIndex(of: "\r\n")))...]
        let twice = text + body
        let orders = try await Self.all(in: fixture.store)

        let withDigests = try await Self.importFile(twice, into: fixture.store)
        let withoutDigests = try await Self.importFile(twice, into: fixture.store, digests: false)

        // Each at its second place, naming its first: the same words as without digests, below.
        let problems = withDigests.refusal.map(\.problem)
        #expect(problems.count == 3)
        for (problem, number) in zip(problems, ["#1001", "1101", "SO-2024-00017"]) {
            #expect(problem.hasPrefix("order \(number) is in the file already (line "))
        }
        #expect(withDigests.refusal == withoutDigests.refusal)
        #expect(withDigests.orderCount == withoutDigests.orderCount)
        #expect(try await Self.all(in: fixture.store) == orders)
    }

    @Test(arguments: sqlStores)
    func aWooCommerceFileIsDigestedAndAJSONFileIsNot(_ kind: StoreKind) async throws {
        let fixture = try StoreFixture(kind)
        let woo = try await Self.outcome(ShopFixtures.wooCommerceCSV, into: fixture.store, name: "orders-export.csv")
        #expect(woo.new.count == 2)
        _ = try await Self.outcome(ShopFixtures.shopifyJSON, into: fixture.store, name: "orders.json")
        // The JSON's order took the full path and has no digest.
        #expect(try await Self.digested(in: fixture.store) == woo.new.map(\.number).sorted())

        let again = try await Self.outcome(ShopFixtures.wooCommerceCSV, into: fixture.store, name: "orders-export.csv")
        #expect(again == ShopImportOutcome(new: [], updated: [], unchanged: 2, conflicts: []))
        let json = try await Self.outcome(ShopFixtures.shopifyJSON, into: fixture.store, name: "orders.json")
        #expect(json == ShopImportOutcome(new: [], updated: [], unchanged: 1, conflicts: []))
    }

    @Test func aDigestDependsOnEveryFieldTheHeaderAndTheOptions() throws {
        let header = ["Name", "Email", "Total"]
        let rows = [CSVRecord(line: 2, fields: ["#1", "a@example.com", "10.00"]),
                    CSVRecord(line: 3, fields: ["#1", "a@example.com", ""])]
        func digest(format: ShopFormat = .shopifyCSV, zone: String = "UTC", source: String? = nil, header: [String] = header,
                    rows: [CSVRecord] = rows) throws -> ShopRowsDigest {
            let timeZone = try #require(TimeZone(identifier: zone))
            let stamp = try #require(ShopRowsDigest.Stamp(format: format, zone: timeZone, source: source, header: header))
            return stamp.digest(of: rows)
        }
        let base = try digest()
        #expect(try digest() == base, "the same rows under the same stamp")
        // The line numbers are not what the file says about the order: moved rows are the same rows.
        #expect(try digest(rows: rows.map { CSVRecord(line: $0.line + 10, fields: $0.fields) }) == base)
        #expect(try digest(zone: "Asia/Tokyo") != base)
        #expect(try digest(source: "eu-shop") != base)
        #expect(try digest(format: .wooCommerceCSV) != base)
        #expect(try digest(header: ["Name", "Total", "Email"]) != base)
        #expect(try digest(rows: [rows[0]]) != base)
        // Fields run together differently are different rows.
        #expect(try digest(rows: [CSVRecord(line: 2, fields: ["#1", "a@example.com10.00", ""]), rows[1]]) != base)
        #expect(ShopRowsDigest(text: base.text) == base)
        #expect(base.text.count == 32)
        #expect(ShopRowsDigest.Stamp(format: .shopifyJSON, zone: .gmt, source: nil, header: []) == nil)
        #expect(ShopRowsDigest.Stamp(format: .mappedCSV, zone: .gmt, source: nil, header: header) == nil)
    }
}

/// A real store where ana flags one order as an import is about to write (after its first pass).
private final class FlagsBeforeWriting: ForwardingOrderStore, ShopDigestStore, @unchecked Sendable {
    private let number: String
    private let flagged = Mutex(false)

    init(base: any OrderStore, number: String) {
        self.number = number
        super.init(base)
    }

    private var digests: any ShopDigestStore { base as! any ShopDigestStore }

    override func writeAllOrNothing<Result: Sendable>(
        actor: String, _ body: (_ transaction: any OrderWriteTransaction) async throws -> Result
    ) async throws -> Result {
        if flagged.withLock({ done in defer { done = true }; return !done }),
           let order = try await base.orders(numbered: OrderReference(source: "shopify", number: number)).first {
            try await base.update(order.id, expectedVersion: order.version, mutations: [.setFlagged(true)], actor: "ana")
        }
        return try await base.writeAllOrNothing(actor: actor, body)
    }

    func currentShopDigests() async throws -> [ShopRowsDigest: ShopDigestOwner] { try await digests.currentShopDigests() }

    func currentShopDigests(of ids: [OrderID]) async throws -> [OrderID: ShopRowsDigest] {
        try await digests.currentShopDigests(of: ids)
    }

    func upsert(_ orders: [Order], actor: String, expectedVersions: [OrderID: Int], audit: [AuditEntry],
                digests records: [ShopDigestRecord]) async throws {
        try await digests.upsert(orders, actor: actor, expectedVersions: expectedVersions, audit: audit, digests: records)
    }
}

extension Array {
    fileprivate func asyncMap<T>(_ transform: (Element) async throws -> T) async rethrows -> [T] {
        var mapped: [T] = []
        for element in self { mapped.append(try await transform(element)) }
        return mapped
    }
}
