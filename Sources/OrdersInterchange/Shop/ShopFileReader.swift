import Foundation

/// Reads a shop's export file into `ShopOrder`s: the format is told from the content (a CSV
/// header, or JSON), unless the caller names it (`orders import --format`).
public enum ShopFileReader {
    /// The most of a file's start `detectionStart` reads to find the end of a CSV header line.
    public static let maximumHeaderBytes = 64 << 20

    /// The start of a file that `detect` needs, read through `peek` (up to N bytes from the
    /// start): 64 KiB, or more, up to the end of the first line, when a CSV header is longer (a
    /// WooCommerce export with a column for each of 20,000 line items has a 360 KB header).
    public static func detectionStart(_ peek: (Int) throws -> [UInt8]) rethrows -> [UInt8] {
        var count = 1 << 16
        while true {
            let bytes = try peek(count)
            let first = bytes.first { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }
            let isJSON = first == UInt8(ascii: "{") || first == UInt8(ascii: "[")
            if isJSON || bytes.count < count || bytes.contains(0x0A) || count >= maximumHeaderBytes { return bytes }
            count *= 4
        }
    }

    /// The format of a file's bytes (its start: `detectionStart`), nil when it is none of the shop formats.
    public static func detect(_ bytes: [UInt8]) -> ShopFormat? {
        let text = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes.dropFirst(3) : bytes[...]
        guard let first = text.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) else { return nil }
        if first == UInt8(ascii: "{") || first == UInt8(ascii: "[") {
            return detect(json: String(decoding: text.prefix(1 << 16), as: UTF8.self))
        }
        let headerEnd = text.firstIndex(where: { $0 == 0x0A }) ?? text.endIndex
        guard let header = try? CSVReader.records(in: Array(text[text.startIndex..<headerEnd])).first else { return nil }
        return ShopFormat.detect(csvHeader: header.fields)
    }

    /// Which shop's JSON a file's start is, told by fields only that shop writes. Checked in this
    /// order: a bulk operation's children name their parent (`__parentId`); WooCommerce's orders
    /// state `prices_include_tax` and `date_created_gmt`, which Shopify has not; Shopify's state
    /// `financial_status` (or at least `line_items`); our own JSON has none of these.
    static func detect(json sample: String) -> ShopFormat? {
        if sample.contains("\"__parentId\"") { return .shopifyJSONL }
        if sample.contains("\"prices_include_tax\"") || sample.contains("\"date_created_gmt\"") { return .wooCommerceJSON }
        return sample.contains("\"financial_status\"") || sample.contains("\"line_items\"") ? .shopifyJSON : nil
    }

    /// The orders in the file. `zone` is the shop's time zone for dates written without one
    /// (WooCommerce's); every problem names the file, the line or JSON path, and the field.
    public static func read(_ bytes: [UInt8], fileName: String, format: ShopFormat? = nil,
                            zone: TimeZone) throws(ImportError) -> [ShopOrder] {
        let contents = try contents(of: bytes, fileName: fileName, format: format, zone: zone)
        guard contents.problems.isEmpty else { throw ImportError(problems: contents.problems) }
        return contents.orders
    }

    /// The orders that read well and the problems of those that did not, so an import can skip
    /// the broken ones (`--skip-invalid`). Throws only when the file as a whole cannot be read.
    /// `mapping` reads any other CSV (`--map`); with it the format is `.mappedCSV`.
    public static func contents(of bytes: [UInt8], fileName: String, format: ShopFormat? = nil,
                                zone: TimeZone, mapping: CSVMapping? = nil) throws(ImportError) -> ShopFileContents {
        guard let format = mapping != nil ? .mappedCSV : format ?? detect(bytes) else {
            throw ImportError(problems: [ImportProblem(file: fileName, location: .file, field: nil,
                                                       problem: "is not a Shopify or WooCommerce export (name the format with --format)")])
        }
        switch format {
        case .shopifyJSON:
            return try ShopifyJSONReader.orders(in: bytes, file: fileName)
        case .shopifyJSONL:
            return try ShopifyBulkJSONLReader.orders(in: bytes, file: fileName)
        case .wooCommerceJSON:
            return try WooCommerceJSONReader.orders(in: bytes, file: fileName, zone: zone)
        case .shopifyCSV, .wooCommerceCSV, .mappedCSV:
            let records: [CSVRecord]
            do {
                records = try CSVReader.records(in: bytes, delimiter: mapping?.delimiter ?? .comma)
            } catch {
                throw ImportError(problems: [ImportProblem(file: fileName, location: .line(error.line), field: nil, problem: error.problem)])
            }
            return try orders(in: records, format: format, fileName: fileName, zone: zone, mapping: mapping)
        }
    }

    /// The orders of a CSV format's records, the header first: the whole file's, or a chunk's
    /// (`ShopFileChunks`, which repeats the header before each chunk).
    /// A mapped CSV needs its mapping; without one it is refused.
    static func orders(in records: [CSVRecord], format: ShopFormat, fileName: String, zone: TimeZone,
                       mapping: CSVMapping?) throws(ImportError) -> ShopFileContents {
        switch format {
        case .shopifyCSV: return ShopifyCSVReader.orders(in: records, file: fileName)
        case .wooCommerceCSV: return WooCommerceCSVReader.orders(in: records, file: fileName, zone: zone)
        case .mappedCSV:
            guard let mapping else {
                throw ImportError(problems: [ImportProblem(file: fileName, location: .file, field: nil,
                                                           problem: "is read by a mapping file: name it with --map FILE")])
            }
            return try MappedCSVReader.orders(in: records, file: fileName, mapping: mapping, zone: zone)
        // JSON, read from its bytes by its reader: it never comes as CSV records.
        case .shopifyJSON, .shopifyJSONL, .wooCommerceJSON: return ShopFileContents(orders: [], problems: [])
        }
    }
}
