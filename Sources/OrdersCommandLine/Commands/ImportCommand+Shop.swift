import Foundation
import OrdersCore
import OrdersInterchange
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
        defer { try? handle.close() }
        let start = ShopFileReader.detectionStart { count in
            guard (try? handle.seek(toOffset: 0)) != nil else { return [] }
            return [UInt8]((try? handle.read(upToCount: count)) ?? Data())
        }
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
                existingStore: { await context.openExistingStore() }, openStore: { try await context.openStore() },
                actor: { context.actor(for: $0) },
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

    /// The last line of a refused import (worded in OrdersCore, as the app's `:import` words it).
    static func refusal(_ problems: [ImportProblem]) -> String {
        ShopImportReport.refusalLine(problems)
    }

    /// What the import did, one fact a line.
    func summary(_ report: ShopImportReport) -> [String] {
        report.summaryLines(options: shopOptions)
    }

    /// Every problem on stderr, grouped by kind, each line made safe for a terminal.
    private func report(_ problems: [ImportProblem], _ context: CommandContext) {
        let lines = [ShopImportReport.problemsHeading(problems, fileName: fileName)] + ImportProblemReport.lines(for: problems)
        context.printError(lines.map { TerminalText.neutralized($0) }.joined(separator: "\n") + "\n")
    }

    static func count(_ number: Int, _ noun: String) -> String {
        ShopImportReport.count(number, noun)
    }
}
