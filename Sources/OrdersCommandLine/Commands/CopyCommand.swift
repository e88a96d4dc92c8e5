import Foundation
import OrdersCore
import OrdersInterchange
import OrdersStorage

/// `orders copy --from SRC --to DST`: every order, with its child rows, version and history,
/// from one database into another (SQLite file or PostgreSQL URL each side), all or nothing.
struct CopyCommand: CLICommand {
    static let name = "copy"
    static let summary = "Copy every order and its history from one database into another"
    static let arguments: [String] = []
    static let options: [CommandOption] = [
        .value("--from", "SRC", "The database to copy from: a file, or postgresql://USER@HOST/DBNAME (required)"),
        .value("--to", "DST", "The database to copy into: a file (created, whole or not at all, if missing), or a PostgreSQL URL (required)"),
        .flag("--replace", "Replace the orders DST already holds (otherwise a DST holding orders is refused)"),
    ]
    static let details = """
        Orders keep their numbers, store keys, versions, notes, refunds, every child row and their
        whole history (who changed what, when), so the copy answers every query and conflict as the
        original does. The copy is one transaction on DST: interrupted or refused, DST keeps what it
        held before. A DST that already holds orders is refused unless --replace, which replaces all
        of them in that same transaction (there is no merging: two databases may use the same keys
        for different orders). Orders are read and written a page at a time, so memory stays small
        however large SRC is; a progress bar on standard error shows how far it has got.
        SQLite → PostgreSQL starts a team server from one operator's file; PostgreSQL → SQLite
        makes a backup. --db is not used: SRC and DST name both databases.
        """

    var source: StoreLocation
    var destination: StoreLocation
    var replacing: Bool

    init(_ arguments: ParsedArguments, now: Date) throws(CLIError) {
        guard let from = arguments.value("--from"), !from.isEmpty, let to = arguments.value("--to"), !to.isEmpty else {
            throw .usage("copy needs --from SRC and --to DST (see 'orders copy --help')")
        }
        source = StoreLocation(from)
        destination = StoreLocation(to)
        guard source != destination else { throw .usage("copy needs two different databases, got \(source.displayName) twice") }
        replacing = arguments.has("--replace")
    }

    func run(_ context: CommandContext) async throws -> Int32 {
        let from = try await context.openStore(at: source, ifMissing: .refuse, createsSchema: false)
        let progress = CopyProgress()
        let copier = StoreCopier()
        let copied: Int
        do {
            defer { progress.finish() }
            let show: @Sendable (Int, Int) -> Void = { copied, total in progress.show(copied: copied, total: total) }
            if case .sqliteFile(let path) = destination, !FileManager.default.fileExists(atPath: path) {
                // A new file appears only whole: a failed or killed copy leaves no file at all.
                var copiedIntoFile = 0
                let created = try await OrderDatabase.createWhole(at: path) { store in
                    copiedIntoFile = try await copier.copy(from: from, to: store, replacing: false, progress: show)
                }
                guard created else {
                    throw CLIError.failed("\(path) was created by another program during the copy; it was left as that program made it")
                }
                copied = copiedIntoFile
            } else {
                let to = try await context.openStore(at: destination, ifMissing: .refuse, createsSchema: true)
                copied = try await copier.copy(from: from, to: to, replacing: replacing, progress: show)
            }
        } catch let error as OrderTransferError {
            throw CLIError.failed("\(destination.displayName): \(error.description)")
        }
        context.print("Copied \(copied) order\(copied == 1 ? "" : "s") from \(source.displayName) to \(destination.displayName).\n")
        return 0
    }
}

