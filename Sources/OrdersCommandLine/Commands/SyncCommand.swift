import Dispatch
import Foundation
import OrdersCore
import OrdersInterchange
import OrdersShops
import OrdersStorage

/// `orders sync [NAME…] [--pull-only | --push-only]` and `orders sync --watch [--every SECONDS]`:
/// pulls the connected shops' changed orders, then sends them what operators did (`ShopSync`),
/// summary lines per shop.
struct SyncCommand: CLICommand {
    static let name = "sync"
    static let summary = "Pull the connected shops' changed orders and send them what was done here (again and again with --watch)"
    static let arguments = ["NAME…"]
    static let argumentCounts = 0...1_000
    static let options: [CommandOption] = [
        .flag("--pull-only", "Only pull the shops' changes"),
        .flag("--push-only", "Only send the shops what operators did here (shipments, cancellations)"),
        .flag("--watch", "Sync again and again until SIGTERM or Ctrl-C; between pulls, what is done here is sent within seconds"),
        .value("--every", "SECONDS", "With --watch: seconds between passes (default \(ShopSync.pullIntervalSeconds))"),
    ]
    static let details = """
        Without NAME every connected shop is synced. A pass pulls each shop's orders changed since
        its last pull (a minute before it, to be safe) page by page, each page with the shop's
        progress in one transaction: an interrupted first pull goes on where it stopped. The shop's
        fields are updated and the operators' work is kept, as a re-import does (conflicts listed).
        Then each shop is sent what operators did to its orders since (shipments with tracking,
        carrier and --notify of `orders fulfil`; cancellations with their reason), each exactly once:
        after a lost answer the shop is asked whether it has the fact before it is sent again; a
        fact the shop refuses keeps its words and is not sent again (`orders shop list` counts it).
        Only one sync runs on a database at a time. Exit status 0 when everything went through, 1
        when a pull failed, the shop refused a fact or a fact could not be sent (it stays queued),
        2 for a wrong command line.
        """

    var names: [String]
    var pushOnly: Bool
    var pullOnly: Bool
    var watchEvery: Int?

    init(_ arguments: ParsedArguments, now: Date) throws(CLIError) {
        names = arguments.positionals
        pushOnly = arguments.has("--push-only")
        pullOnly = arguments.has("--pull-only")
        if pushOnly, arguments.has("--pull-only") { throw .usage("--pull-only and --push-only exclude each other") }
        let every = try arguments.value("--every").map { text throws(CLIError) in
            guard let seconds = Int(text), (1...86_400).contains(seconds) else {
                throw .usage("--every takes whole seconds from 1 to 86400, not \"\(text)\"")
            }
            return seconds
        }
        if every != nil, !arguments.has("--watch") { throw .usage("--every goes with --watch") }
        watchEvery = arguments.has("--watch") ? every ?? ShopSync.pullIntervalSeconds : nil
    }

    func run(_ context: CommandContext) async throws -> Int32 {
        let store = try await context.openStore()
        guard let shopStore = store as? any ShopSync.Store else { throw CLIError.failed("This database cannot keep shops.") }
        guard let lock = try ShopSyncLock.acquire(for: context.location) else {
            throw CLIError.failed("Another orders sync is running on \(context.databasePath); only one may run at a time.")
        }
        defer { withExtendedLifetime(lock) {} }
        let sync = ShopSync(store: shopStore, actor: context.actor(for: store))
        guard let every = watchEvery else { return try await pass(sync, shopStore, context) }
        // Until SIGTERM or SIGINT: each stops the pass between pages and ends the loop, exit 0.
        let task = Task { () throws -> Int32 in
            while true {
                _ = try await pass(sync, shopStore, context)
                try Task.checkCancellation()
                try await sendUntilTheNextPull(in: .seconds(every), sync, shopStore, context)
            }
        }
        let sources = [SIGTERM, SIGINT].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number)
            source.setEventHandler { task.cancel() }
            source.resume()
            return source
        }
        defer { sources.forEach { $0.cancel() } }
        do {
            return try await task.value
        } catch is CancellationError {
            context.printError("orders: sync stopped.\n")
            return 0
        }
    }

    /// One pass over the shops named (all when none): a summary line each; 0 when all went through.
    private func pass(_ sync: ShopSync, _ store: any ShopSync.Store, _ context: CommandContext) async throws -> Int32 {
        let shops = try await store.shops()
        let unknown = names.filter { name in !shops.contains { $0.name == name } }
        if let first = unknown.first { throw CLIError.failed(ShopRegistryError.notFound(first).description) }
        let chosen = names.isEmpty ? shops : shops.filter { names.contains($0.name) }
        if chosen.isEmpty {
            context.print(ShopSync.noShopsConnected + "\n")
            return 0
        }
        var status: Int32 = 0
        let progress = SyncProgressLine()
        for shop in chosen {
            try Task.checkCancellation()
            if !pushOnly {
                let report = await sync.pull(shop) { progress.show($0) }
                progress.clear()
                context.print(report.summary + "\n", fromData: true)
                for conflict in report.outcome.conflicts { context.print("  \(conflict)\n", fromData: true) }
                for problem in report.problems.prefix(20) { context.print("  \(problem)\n", fromData: true) }
                if !report.wentThrough { status = 1 }
            }
            if !pullOnly {
                try Task.checkCancellation()
                // A pass that had nothing to send says so only when sending was all it was asked to do.
                if try await !send(shop, sync, context, saysNothingSent: pushOnly) { status = 1 }
            }
        }
        return status
    }

    /// Sends the shop its waiting facts and prints what went; false when something did not go through.
    private func send(_ shop: ConnectedShop, _ sync: ShopSync, _ context: CommandContext, saysNothingSent: Bool) async throws -> Bool {
        let report = await sync.push(shop)
        if report.didSomething || saysNothingSent { context.print(report.summary + "\n", fromData: true) }
        for line in report.sent { context.print("  sent \(line)\n", fromData: true) }
        for line in report.refused { context.print("  refused \(line)\n", fromData: true) }
        for line in report.notSent { context.print("  not sent \(line)\n", fromData: true) }
        return report.wentThrough
    }

    /// `--watch` between two pulls: the outbox is looked at every `ShopSync.sendCheckSeconds`, and
    /// what operators recorded meanwhile is sent then, so it reaches the shop within seconds, not
    /// at the next pull. A shop with nothing waiting is asked nothing.
    private func sendUntilTheNextPull(in wait: Duration, _ sync: ShopSync, _ store: any ShopSync.Store,
                                      _ context: CommandContext) async throws {
        let clock = ContinuousClock()
        let nextPull = clock.now + wait
        while clock.now < nextPull {
            try await Task.sleep(for: min(.seconds(ShopSync.sendCheckSeconds), nextPull - clock.now))
            guard !pullOnly else { continue }
            for shop in try await store.shops() where shop.factsWaiting > 0 && (names.isEmpty || names.contains(shop.name)) {
                try Task.checkCancellation()
                _ = try await send(shop, sync, context, saysNothingSent: false)
            }
        }
    }
}

/// The pull's progress on standard error, redrawn in place on a terminal; nothing in a log.
private final class SyncProgressLine: Sendable {
    private let isTerminal = isatty(STDERR_FILENO) == 1

    func show(_ progress: ShopPullProgress) {
        guard isTerminal else { return }
        let through = progress.pulledThrough.map { ", changes up to " + ISO8601Milliseconds.string(from: $0) } ?? ""
        FileHandle.standardError.write(Data("\r\u{1B}[K\(progress.shop): \(progress.ordersSeen) orders read\(through)".utf8))
    }

    func clear() {
        guard isTerminal else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    }
}
