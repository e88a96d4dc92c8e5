import Foundation
import OrdersCore
import TermRender
import TerminalText

/// Runs one of the operator's own commands (`CustomCommand`) on orders, on the terminal:
/// the orders go to its standard input as the JSON array `orders export --format json` writes
/// (`ListExport.document`), their numbers, count and the database to its environment; what it
/// prints (standard output and error together) is then shown in a pager, and the app waits
/// until the pager ends. The caller gives the terminal over for the whole run
/// (`Application.runInForeground`), so the command and the pager run as a shell's jobs would.
public enum CustomCommandRun {
    /// How the run ended.
    public enum Outcome: Equatable, Sendable {
        /// The command ran and exited with this status (128 + the signal that ended it).
        case exited(Int32)
        /// It never ran: why, in words.
        case notStarted(String)
    }

    /// The environment a command gets: the app's own, and what names the orders and the database,
    /// so the command can call `orders …` on the same database as the same operator.
    static func environment(for orders: [Order], base: [String: String], database: String?, actor: String) -> [String: String] {
        var environment = base
        environment["ORDERS_NUMBERS"] = orders.map(\.number).joined(separator: " ")
        environment["ORDERS_COUNT"] = "\(orders.count)"
        environment["ORDERS_ACTOR"] = actor
        if let database { environment["ORDERS_DB"] = database }
        return environment
    }

    /// How the output is shown: `$PAGER` (run by `/bin/sh`, as git does), else `less` when it is
    /// on the `PATH`, else nil: the output is printed and Enter brings the app back.
    public static func pager(environment: [String: String]) -> String? {
        if let pager = environment["PAGER"], !pager.allSatisfy(\.isWhitespace) { return pager }
        let folders = (environment["PATH"] ?? "").split(separator: ":")
        return folders.contains { FileManager.default.isExecutableFile(atPath: "\($0)/less") } ? "less" : nil
    }

    /// The line the fallback prints under the output when there is no pager.
    static let pressEnter = "[orders: press Enter to go back]"

    /// Runs `command` on `orders` through `run` (each program on the terminal in turn).
    static func run(_ command: CustomCommand, on orders: [Order], environment: [String: String],
                    run: Application.ForegroundRunner) -> Outcome {
        let input: URL, output: URL
        do {
            input = try PrivateTemporaryFile.write(ListExport.document(orders, format: .json), prefix: "orders", suffix: "json")
        } catch {
            return .notStarted("could not write the orders for it: \(error.localizedDescription)")
        }
        defer { try? FileManager.default.removeItem(at: input) }
        do {
            output = try PrivateTemporaryFile.write("", prefix: "output", suffix: "txt")
        } catch {
            return .notStarted("could not make a file for its output: \(error.localizedDescription)")
        }
        defer { try? FileManager.default.removeItem(at: output) }
        // The shell takes the files as its standard input and output, then runs the command line as
        // written; the two file names are shifted away so the command's own "$1" means nothing of ours.
        let script = "exec <\"$1\" >\"$2\" 2>&1; shift 2\n" + command.commandLine
        let status: Int32
        switch run(["/bin/sh", "-c", script, "sh", input.path, output.path], environment) {
        case .failure(let error): return .notStarted(error.description)
        case .success(let exit): status = exit
        }
        show(output, environment: environment, run: run)
        return .exited(status)
    }

    /// Shows what the command printed, if anything, in the pager. The text is made inert first, as
    /// everything from data is (`TerminalText.neutralized`): an order's text the command echoes
    /// must not drive the terminal. Line breaks and tabs stay; a carriage return before one goes.
    private static func show(_ output: URL, environment: [String: String], run: Application.ForegroundRunner) {
        guard let data = try? Data(contentsOf: output), !data.isEmpty else { return }
        let text = String(decoding: data, as: UTF8.self).replacingOccurrences(of: "\r\n", with: "\n")
        guard let page = try? PrivateTemporaryFile.write(TerminalText.neutralized(text, keepingLineBreaks: true),
                                                         prefix: "output", suffix: "txt") else { return }
        defer { try? FileManager.default.removeItem(at: page) }
        if let pager = pager(environment: environment) {
            _ = run(["/bin/sh", "-c", pager + " \"$1\"", "sh", page.path], environment)
        } else {
            _ = run(["/bin/sh", "-c", "cat \"$1\"; printf '\\n%s' \"$2\"; read answer", "sh", page.path, pressEnter], environment)
        }
    }
}
