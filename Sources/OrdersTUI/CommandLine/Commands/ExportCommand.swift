import Foundation
import OrdersCore

/// `orders export`: every order, as CSV or JSON, to a file or standard output.
enum ExportCommand {
    static func run(_ context: CommandContext) async throws -> Int32 {
        let output = context.arguments.value("--output")
        let format: OrderFileFormat
        if let name = context.arguments.value("--format") {
            guard let chosen = OrderFileFormat(rawValue: name) else {
                throw CLIError.usage("--format must be csv or json, got \"\(name)\"")
            }
            format = chosen
        } else {
            format = output.flatMap(OrderFileFormat.init(fileName:)) ?? .csv
        }
        let store = try await context.openStore()
        guard let output else {
            _ = try await OrderExporter.export(store, format: format) { context.print($0, fromData: true) }
            return 0
        }
        // A device or pipe (/dev/stdout, a FIFO) is written in place: renaming a
        // temporary file over it would replace the device itself.
        if let type = try? FileManager.default.attributesOfItem(atPath: output)[.type] as? FileAttributeType,
           type != .typeRegular {
            guard let handle = FileHandle(forWritingAtPath: output) else { throw CLIError.failed("cannot write \(output)") }
            defer { try? handle.close() }
            let count = try await OrderExporter.export(store, format: format) { try handle.write(contentsOf: Data($0.utf8)) }
            context.printError("Exported \(count) order\(count == 1 ? "" : "s") to \(output).\n")
            return 0
        }
        // Written under a temporary name and renamed, so a failed export never leaves half a file.
        let temporary = output + ".partial-\(ProcessInfo.processInfo.processIdentifier)"
        guard FileManager.default.createFile(atPath: temporary, contents: nil),
              let handle = FileHandle(forWritingAtPath: temporary) else {
            throw CLIError.failed("cannot write \(output)")
        }
        let count: Int
        do {
            defer { try? handle.close() }
            count = try await OrderExporter.export(store, format: format) { try handle.write(contentsOf: Data($0.utf8)) }
        } catch {
            try? FileManager.default.removeItem(atPath: temporary)
            throw error
        }
        guard rename(temporary, output) == 0 else {
            try? FileManager.default.removeItem(atPath: temporary)
            throw CLIError.failed("cannot write \(output): \(String(cString: strerror(errno)))")
        }
        context.printError("Exported \(count) order\(count == 1 ? "" : "s") to \(output).\n")
        return 0
    }
}
