import Foundation
@testable import OrdersCore
@testable import OrdersInterchange

/// What an import would make of a file before any store is involved: every chunk read with
/// `ShopFileChunks` and mapped with `ChunkMapping`, exactly as `ShopImporter`'s first pass does,
/// kept whole so tests can assert the orders themselves (the importer keeps only counts).
struct ShopImportPreview {
    var format: ShopFormat
    var entries: [ChunkMapping.Entry] = []
    var problems: [ImportProblem] = []
    var ignoredColumns: [String] = []

    static func plan(_ bytes: [UInt8], fileName: String, options: ShopImportOptions) throws(ImportError) -> ShopImportPreview {
        var chunks = try ShopFileChunks(.bytes(bytes, fileName: fileName), format: options.format, zone: options.zone,
                                        mapping: options.mapping)
        var mapping = ChunkMapping(fileName: fileName, source: options.source ?? options.mapping?.source)
        var preview = ShopImportPreview(format: chunks.format)
        while let contents = try chunks.next() {
            let chunk = mapping.map(contents)
            preview.entries += chunk.entries
            preview.problems += chunk.problems
        }
        preview.ignoredColumns = chunks.ignoredColumns
        return preview
    }
}
