import Foundation
import OrdersCore
import OrdersInterchange
import TerminalText

/// `orders import FILE --map MAPPING`: any other CSV, read by a mapping file, then imported as a
/// shop's export is (`ImportCommand+Shop.swift`): the same report, dry run and re-import.
extension ImportCommand {
    func importMappedExport(mappingPath: String, _ context: CommandContext) async throws -> Int32 {
        let mappingName = (mappingPath as NSString).lastPathComponent
        guard let mappingData = FileManager.default.contents(atPath: mappingPath) else {
            throw CLIError.failed("\(mappingName) cannot be read (missing or not permitted); nothing was imported")
        }
        var command = self
        do {
            command.shopOptions.mapping = try CSVMapping.read([UInt8](mappingData), fileName: mappingName)
        } catch {
            let count = error.problems.count
            let lines = ["\(mappingName): \(Self.count(count, "problem")) in the mapping"] + error.problems.map { "  \($0)" }
            context.printError(lines.map { TerminalText.neutralized($0) }.joined(separator: "\n") + "\n")
            throw CLIError.failed("the mapping \(mappingName) cannot be used; nothing was imported")
        }
        return try await command.importShopExport(context)
    }
}
