import Foundation
import OrdersCore
import TerminalText

/// `orders import` of a shop's export: a thin caller of OrdersCore's `ShopImporter`, which reads,
/// merges and writes; this words its report, a summary (stdout) and every problem grouped by
/// kind (stderr), and draws its progress.
extension ImportCommand {
    /// Whether the file is a shop's export (named by `--format`, or told from its start); false
    /// for the project's own CSV and JSON.
    func isShopExport() -> Bool {
        if format?.ownFormat != nil { return false }
        if format?.shopFormat != nil { return true }
        // Only the start is needed to tell the format: the project's own large files are not read twice.
        guard let handle = FileHandle(forReadingAtPath: file) else { return false }
        let start = [UInt8]((try? handle.read(upToCount: 1 << 16)) ?? Data())
        try? handle.close()
        return ShopFileReader.detect(start) != nil
    }

    private var fileName: String { (file as NSString).lastPathComponent }

    func importShopExport(_ context: CommandContext) async throws -> Int32 {
        if let refusal = ownFileOptionRefusal { throw CLIError.usage(refusal) }
        let progress = ImportProgressDisplay(isTerminal: isatty(STDOUT_FILENO) == 1) { context.print($0) }
        let report: ShopImportReport
        do {
            report = try await ShopImporter(options: shopOptions).run(
                .file(path: file), dryRun: dryRun, at: context.now,
                openStore: { try await context.openStore() }, actor: { context.actor(for: $0) },
                progress: progress.update)
        } catch let error as ImportError {
            progress.end()
            self.report(error.problems, context)
            throw CLIError.failed("\(fileName) cannot be imported; nothing was written")
        }
        progress.end()
        if !report.refusal.isEmpty {
            self.report(report.refusal, context)
            throw CLIError.failed(Self.refusal(report.refusal))
        }
        if !report.outcome.skipped.isEmpty { self.report(report.outcome.skipped, context) }
        context.print(summary(report).joined(separator: "\n") + "\n", fromData: true)
        return report.outcome.skipped.isEmpty ? 0 : 1
    }

    /// The options of the project's own files mean nothing for a shop's export, and silently
    /// ignoring one would let a user believe it did something: each is refused, saying why.
    var ownFileOptionRefusal: String? {
        if replacingExisting {
            return "--update is not for a shop's export: importing it again always updates what the shop owns "
                + "and keeps the operators' work (replacing whole orders would lose it); leave --update out"
        }
        if options.allowsUnterminatedLastLine {
            return "--allow-unterminated is not for a shop's export: its last line is read whether or not it ends "
                + "in a line break; leave it out"
        }
        if options.allowsAnyDate {
            return "--allow-any-date is not for a shop's export: its dates are taken as the shop wrote them, in any year; leave it out"
        }
        return nil
    }

    /// The last line of a refused import.
    static func refusal(_ problems: [ImportProblem]) -> String {
        let orders = Set(problems.map(\.location)).count
        return "nothing was imported: \(count(orders, "order")) \(orders == 1 ? "has" : "have") problems "
            + "(--skip-invalid imports the others)"
    }

    /// What the import did, one fact a line.
    func summary(_ report: ShopImportReport) -> [String] {
        let outcome = report.outcome
        let skipped = Set(outcome.skipped.map(\.location)).count
        var lines = ["\(report.fileName): \(Self.title(report.format)), \(Self.count(report.orderCount, "order")): "
            + "\(outcome.new.count) new, \(outcome.updated.count) updated, \(outcome.unchanged) unchanged"
            + (skipped > 0 ? ", \(skipped) skipped" : "") + (report.dryRun ? "; nothing was written (dry run)." : ".")]
        if report.format == .wooCommerceCSV {
            lines.append("Dates without a time zone were read in \(shopOptions.zone.identifier) (--tz to change).")
        }
        if report.format == .mappedCSV, let mapping = shopOptions.mapping {
            lines.append("Dates without a time zone were read in " + (mapping.timeZone.map { "\($0.identifier) (the mapping's timeZone)" }
                                                                      ?? "\(shopOptions.zone.identifier) (--tz to change)") + ".")
        }
        if !report.ignoredColumns.isEmpty {
            lines.append("Columns not imported: " + report.ignoredColumns.joined(separator: ", ") + ".")
        }
        if !outcome.conflicts.isEmpty {
            lines.append("\(Self.count(outcome.conflicts.count, "conflict")) between the shop and changes made here "
                         + "(the change made here is kept and the shop's word noted on the order):")
            lines += outcome.conflicts.map { "  \($0)" }
        }
        if !outcome.totalMismatches.isEmpty {
            lines.append("The shop's stated total differs from the sum of the lines on \(Self.count(outcome.totalMismatches.count, "order")) "
                         + "(kept as stated; orders show shows both): " + outcome.totalMismatches.map(\.description).joined(separator: ", "))
        }
        return lines
    }

    /// Every problem on stderr, grouped by kind, each line made safe for a terminal.
    private func report(_ problems: [ImportProblem], _ context: CommandContext) {
        // Problems of the file as a whole (a mapping's missing column) belong to no order.
        let orders = Set(problems.map(\.location)).subtracting([.file]).count
        let heading = "\(fileName): \(Self.count(problems.count, "problem"))" + (orders > 0 ? " in \(Self.count(orders, "order"))" : "")
        let lines = [heading] + ImportProblemReport.lines(for: problems)
        context.printError(lines.map { TerminalText.neutralized($0) }.joined(separator: "\n") + "\n")
    }

    static func title(_ format: ShopFormat) -> String {
        switch format {
        case .shopifyCSV: "Shopify CSV"
        case .wooCommerceCSV: "WooCommerce CSV"
        case .shopifyJSON: "Shopify JSON"
        case .mappedCSV: "CSV by mapping"
        }
    }

    static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }
}
