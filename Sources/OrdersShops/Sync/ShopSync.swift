import Foundation
import OrdersCore
import OrdersInterchange
import OrdersStorage

/// Pulls connected shops' changed orders into the store: the one service `orders sync` calls.
/// For each shop: its credential read from its file (refused when others may read it), its
/// orders changed since a little before the last pull (`overlap`: the shops state whole seconds
/// and their clocks and paging may shift) asked for a page at a time, each page read by the file
/// import's readers, mapped with the shop's name as the source, merged by the re-import's rules
/// (`ShopBatchMerge`), and written with the shop's progress in one transaction
/// (`ShopRegistry.recordPullPage`), so an interrupted first pull resumes after its last page.
public struct ShopSync: Sendable {
    public typealias Store = OrderStore & ShopRegistry & ShopOutboxStore

    let store: any Store
    let actor: String
    /// The HTTP client a shop is reached through (its CA file in it).
    let client: @Sendable (ConnectedShop) -> any HTTPClient
    /// The first pause before a failed request is sent again (doubling after each).
    var firstRetryPause: Double
    /// The time a pull's orders are written at and its end is recorded at: the app's clock, so
    /// the status bar's "pulled 12 s ago" is measured on the same clock it was recorded on.
    let now: @Sendable () -> Date
    /// How far before the last pull's newest change the next pull starts.
    public static let overlap: TimeInterval = 60
    /// Seconds between passes of a syncer that keeps running: `orders sync --watch` without
    /// `--every`, and the app's background pulls. Short enough that a change made in the shop is
    /// seen within half a minute; long enough that an idle shop costs two requests a minute.
    public static let pullIntervalSeconds = 30
    /// Seconds between looks at the outbox of `orders sync --watch` between its pulls: what an
    /// operator records reaches the shop within a few seconds (the app sends on its change feed).
    public static let sendCheckSeconds = 2
    /// What every syncer says of a database without shops (`orders sync`, `orders shop list`, the app's `:sync`).
    public static let noShopsConnected = "No shops connected (orders shop add NAME --shopify URL --credentials FILE)."

    public init(store: any Store, actor: String, firstRetryPause: Double = 1,
                client: @escaping @Sendable (ConnectedShop) -> any HTTPClient = { CurlHTTPClient(caFile: $0.caFile) },
                now: @escaping @Sendable () -> Date = { Date() }) {
        self.store = store
        self.actor = actor
        self.client = client
        self.firstRetryPause = firstRetryPause
        self.now = now
    }

    /// Pulls one shop; never throws: a failure is the report's, and the shop's last error.
    /// `progress` hears of each page written, `waiting` of each wait before the shop is asked again.
    public func pull(_ shop: ConnectedShop, progress: @Sendable (ShopPullProgress) -> Void = { _ in },
                     waiting: @escaping @Sendable (ShopWait) -> Void = { _ in }) async -> ShopPullReport {
        var report = ShopPullReport(shop: shop.name)
        var credentials: ShopCredentials?
        do {
            let read = try ShopCredentials.read(from: shop.credentialsFile)
            credentials = read
            try await pull(shop, credentials: read, into: &report, progress: progress, waiting: waiting)
        } catch is CancellationError {
            report.failure = "interrupted; the next sync goes on from the last page written."
        } catch {
            let sentence = Self.sentence(error)
            report.failure = credentials?.redacted(sentence) ?? sentence
        }
        let lastError = report.failure ?? report.problems.first.map { "\($0)" }
        try? await store.recordPullEnd(of: shop.name, at: now(), error: lastError.map { credentials?.redacted($0) ?? $0 })
        return report
    }

    /// Sends the shop's waiting facts (`ShopPush`); never throws: a failure is the report's. Facts the
    /// shop did not answer for stay waiting, and the next push asks the shop about them first.
    public func push(_ shop: ConnectedShop, waiting: @escaping @Sendable (ShopWait) -> Void = { _ in }) async -> ShopPushReport {
        var report = ShopPushReport(shop: shop.name)
        var credentials: ShopCredentials?
        do {
            guard try await !store.shopFacts(of: shop.name, in: .waiting).isEmpty else { return report }
            let read = try ShopCredentials.read(from: shop.credentialsFile)
            credentials = read
            let requester = ShopRequester(client: client(shop), firstPause: firstRetryPause, waiting: waiting)
            let push = ShopPush(store: store, now: now)
            switch shop.platform {
            case .shopify:
                var sender = ShopifyFactSender(sender: ShopifyQuerySender(shop: shop, credentials: read, requester: requester))
                try await push.push(shop, sender: &sender, credentials: read, into: &report)
            case .woocommerce:
                var sender = WooCommerceFactSender(shop: shop, credentials: read, requester: requester)
                try await push.push(shop, sender: &sender, credentials: read, into: &report)
            }
        } catch is CancellationError {
            report.failure = "interrupted; the next sync asks the shop about the fact being sent before sending it again."
        } catch {
            let sentence = Self.sentence(error)
            report.failure = credentials?.redacted(sentence) ?? sentence
        }
        return report
    }

    private func pull(_ shop: ConnectedShop, credentials: ShopCredentials, into report: inout ShopPullReport,
                      progress: @Sendable (ShopPullProgress) -> Void, waiting: @escaping @Sendable (ShopWait) -> Void) async throws {
        let requester = ShopRequester(client: client(shop), firstPause: firstRetryPause, waiting: waiting)
        let source: any ShopOrderSource = switch shop.platform {
        case .shopify: ShopifyOrderSource(shop: shop, credentials: credentials, requester: requester)
        case .woocommerce: WooCommerceOrderSource(shop: shop, credentials: credentials, requester: requester)
        }
        let since = shop.pulledThrough.map { $0.addingTimeInterval(-Self.overlap) }
        var seen = 0
        var newest = shop.pulledThrough
        var collected = report
        // What the pages written so far did stays in the report when a later page fails.
        defer { report = collected }
        // Read once a pass: a refund is sent only after the pull (a pass pulls, then pushes).
        let mapper = ShopOrderMapper(source: shop.name, sentRefunds: try await store.sentRefunds(of: shop.name),
                                     refundsInDoubt: try await store.refundsInDoubt(of: shop.name, orders: store))
        try await source.pull(since: since) { batch in
            try Task.checkCancellation()
            collected.problems += batch.contents.problems
            let merged = try await write(batch, of: shop, mapper: mapper)
            collected.outcome.add(merged.outcome)
            collected.problems += merged.problems
            seen += batch.contents.orders.count + Set(batch.contents.problems.map(\.location)).count
            newest = [newest, batch.newestUpdate].compactMap { $0 }.max()
            progress(ShopPullProgress(shop: shop.name, ordersSeen: seen, pulledThrough: newest))
        }
    }

    /// Maps, merges and writes one page with the shop's progress; a change made here meanwhile
    /// (a conflict on the versions merged with) merges the page again, up to three times.
    private func write(_ batch: ShopPullBatch, of shop: ConnectedShop, mapper: ShopOrderMapper) async throws -> ShopBatchMerge {
        var entries: [ShopBatchMerge.Entry] = []
        var problems: [ImportProblem] = []
        var named: Set<OrderReference> = []
        for shopOrder in batch.contents.orders {
            switch mapper.order(from: shopOrder, file: shop.name) {
            case .success(let order):
                // The same order twice in a page (changed while paging): the later one is newer.
                if named.contains(order.reference) { entries.removeAll { $0.order.reference == order.reference } }
                named.insert(order.reference)
                entries.append(ShopBatchMerge.Entry(location: shopOrder.location, order: order))
            case .failure(let error):
                problems += error.problems
            }
        }
        var attempt = 1
        while true {
            let rules = try await StoreRuleBook.load(from: store, now: now())
            let stored = entries.isEmpty ? [] : try await store.orders(numberedAmong: entries.map(\.order.reference))
            var nextKey = try await StagedOrderWrites(store: store).firstFreeKey()
            var merged = try await ShopBatchMerge.merge(entries, file: shop.name, stored: stored,
                                                        history: { try await store.history(of: $0) },
                                                        nextKey: &nextKey, actor: actor, at: now(), rules: rules)
            merged.problems = problems + merged.problems
            do {
                try await store.recordPullPage(ShopPullPage(shop: shop.name, orders: merged.toWrite,
                                                            expectedVersions: merged.expectedVersions,
                                                            pulledThrough: batch.newestUpdate, actor: actor,
                                                            audit: merged.audit))
                // Written: a turn not recorded only repeats a person (as in `ShopImporter`).
                try? await StoreRuleBook.recordTurns(of: merged.rules, in: store)
                return merged
            } catch OrderStoreError.conflict where attempt < 3 {
                attempt += 1
            }
        }
    }

    /// Any error as the one sentence a person reads.
    package static func sentence(_ error: any Error) -> String {
        switch error {
        case let error as ShopSyncError: error.description
        case let error as ShopRegistryError: error.description
        case let error as OrderStoreError: error.description
        case let error as HTTPError: error.description
        default: "\(error)"
        }
    }
}
