import Foundation
import OrdersCore
import TerminalText

/// `orders import` of a shop's export: read and mapped, merged with the database, written in one
/// transaction, then a summary (stdout) and every problem grouped by kind (stderr).
extension ImportCommand {
    /// The file's bytes when it is a shop's export (named by `--format`, or told from its start);
    /// nil for the project's own CSV and JSON.
    func shopExport() throws -> [UInt8]? {
        if format?.ownFormat != nil { return nil }
        if format?.shopFormat == nil {
            // Only the start is needed to tell the format: the project's own large files are not read twice.
            guard let handle = FileHandle(forReadingAtPath: file) else { return nil }
            let start = [UInt8]((try? handle.read(upToCount: 1 << 16)) ?? Data())
            try? handle.close()
            guard ShopFileReader.detect(start) != nil else { return nil }
        }
        guard let data = FileManager.default.contents(atPath: file) else {
            throw CLIError.failed("\(fileName) cannot be read (missing or not permitted); nothing was imported")
        }
        return [UInt8](data)
    }

    private var fileName: String { (file as NSString).lastPathComponent }

    func importShopExport(_ bytes: [UInt8], _ context: CommandContext) async throws -> Int32 {
        if let refusal = ownFileOptionRefusal { throw CLIError.usage(refusal) }
        let plan: ShopImportPlan
        do {
            plan = try ShopImporter.plan(bytes, fileName: fileName, options: shopOptions)
        } catch {
            report(error.problems, context)
            throw CLIError.failed("\(fileName) cannot be imported; nothing was written")
        }
        if !plan.problems.isEmpty, !shopOptions.skipsInvalid, !dryRun {
            report(plan.problems, context)
            throw CLIError.failed(Self.refusal(plan.problems))
        }
        let store = try await context.openStore()
        let progress = ImportProgressDisplay(isTerminal: isatty(STDOUT_FILENO) == 1) { context.print($0) }
        let outcome: ShopImportOutcome
        do {
            // A dry run lists every problem and still says what the rest would do.
            outcome = try await ShopImporter.write(plan, into: store, actor: context.actor(for: store), at: context.now,
                                                   skipsInvalid: shopOptions.skipsInvalid || dryRun, dryRun: dryRun,
                                                   progress: progress.update)
        } catch let error as ImportError {
            report(error.problems, context)
            throw CLIError.failed(Self.refusal(error.problems))
        }
        if !outcome.skipped.isEmpty { report(outcome.skipped, context) }
        context.print(summary(plan, outcome).joined(separator: "\n") + "\n", fromData: true)
        return outcome.skipped.isEmpty ? 0 : 1
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
    func summary(_ plan: ShopImportPlan, _ outcome: ShopImportOutcome) -> [String] {
        let skipped = Set(outcome.skipped.map(\.location)).count
        var lines = ["\(plan.fileName): \(Self.title(plan.format)), \(Self.count(plan.orderCount, "order")): "
            + "\(outcome.new.count) new, \(outcome.updated.count) updated, \(outcome.unchanged) unchanged"
            + (skipped > 0 ? ", \(skipped) skipped" : "") + (dryRun ? "; nothing was written (dry run)." : ".")]
        if plan.format == .wooCommerceCSV {
            lines.append("Dates without a time zone were read in \(shopOptions.zone.identifier) (--tz to change).")
        }
        if plan.format == .mappedCSV, let mapping = shopOptions.mapping {
            lines.append("Dates without a time zone were read in " + (mapping.timeZone.map { "\($0.identifier) (the mapping's timeZone)" }
                                                                      ?? "\(shopOptions.zone.identifier) (--tz to change)") + ".")
        }
        if !plan.ignoredColumns.isEmpty {
            lines.append("Columns not imported: " + plan.ignoredColumns.joined(separator: ", ") + ".")
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
