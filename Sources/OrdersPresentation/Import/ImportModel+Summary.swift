import Foundation
import OrdersInterchange
import TerminalText

/// The summary of a finished import, worded as `orders import` words its report
/// (`ShopImportReport+Summary`), every line made safe for the terminal.
extension ImportModel {
    /// Said under every import that wrote something.
    static let undoNote = "An import is not undone by u: import a corrected export again, or change the orders one by one."

    func summary(of result: Result<ShopImportReport, any Error>, fileName: String) -> ImportSummary {
        switch result {
        case .success(let report) where !report.refusal.isEmpty:
            return ImportSummary(outcome: .refused, title: "\(fileName) was not imported",
                                 lines: Self.problemLines(report.refusal, fileName: fileName)
                                     + [Self.sentence(ShopImportReport.refusalLine(report.refusal)) + "."])
        case .success(let report):
            let wrote = !report.outcome.new.isEmpty || !report.outcome.updated.isEmpty
            return ImportSummary(outcome: .imported, title: "Imported \(fileName)",
                                 lines: report.summaryLines(options: options).map { TerminalText.neutralized($0) }
                                     + (wrote ? [Self.undoNote] : []))
        case .failure(let error as ImportError):
            return ImportSummary(outcome: .failed, title: "\(fileName) cannot be imported",
                                 lines: Self.problemLines(error.problems, fileName: fileName) + ["Nothing was written."])
        case .failure(is CancellationError):
            return Self.cancelled(fileName)
        case .failure(let error):
            return ImportSummary(outcome: .failed, title: "\(fileName) cannot be imported",
                                 lines: [TerminalText.neutralized("\(error)"), "Nothing was written."])
        }
    }

    /// The command line's lower-case line as a sentence.
    static func sentence(_ line: String) -> String {
        line.prefix(1).uppercased() + line.dropFirst()
    }

    static func cancelled(_ fileName: String) -> ImportSummary {
        ImportSummary(outcome: .cancelled, title: "Import cancelled",
                      lines: [TerminalText.neutralized(fileName) + ": cancelled; nothing was written."])
    }

    /// The heading and the first problems, grouped by kind; how many more there are, and where to see them all.
    static func problemLines(_ problems: [ImportProblem], fileName: String) -> [String] {
        let all = ImportProblemReport.lines(for: problems)
        var lines = [ShopImportReport.problemsHeading(problems, fileName: fileName)] + all.prefix(problemLinesShown)
        if all.count > problemLinesShown {
            lines.append("… \(ShopImportReport.count(all.count - problemLinesShown, "more line")): "
                         + "orders import FILE --dry-run lists every problem")
        }
        return lines.map { TerminalText.neutralized($0) }
    }
}
