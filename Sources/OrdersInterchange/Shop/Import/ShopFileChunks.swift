import Foundation
import OrdersStorage

/// A shop's export read a chunk of orders at a time, so that a file of any size is imported
/// with one piece of it (`pieceSize` bytes) and one chunk of orders (about `chunkRows` CSV
/// records) in memory. A chunk never splits an order: Shopify writes an order's rows one after
/// the other under the same `Name`, so a chunk ends where the name changes (a mapped CSV's rows
/// likewise under its `orderKey`); the other CSV formats have one row per order. Shopify's JSON is one document and is read whole, as one chunk.
struct ShopFileChunks {
    let fileName: String
    let format: ShopFormat
    /// The file's size, and how much of it has been read: the progress of a first pass.
    let totalBytes: Int
    private(set) var bytesRead = 0
    /// The header's columns no reader takes (known once the first chunk is read).
    private(set) var ignoredColumns: [String] = []

    /// How a re-import digests a CSV's orders (`ShopDigestedRows`): the source its orders get (part
    /// of the digest) and the digests whose stored orders are still as they were written from them.
    struct Digesting {
        var source: String?
        var known: [ShopRowsDigest: ShopDigestOwner] = [:]
    }

    /// One chunk: the orders read, the digest of each by the line of its first row, and the
    /// orders set aside unread because a stored order still holds their digest.
    struct Chunk {
        var contents: ShopFileContents
        var digests: [Int: ShopRowsDigest] = [:]
        var unread: [ShopDigestedRows.UnreadOrder] = []
    }

    private let zone: TimeZone
    /// The mapping file that reads a mapped CSV (`--map`), nil for the shops' own formats.
    private let mapping: CSVMapping?
    private let chunkRows: Int
    private let pieceSize: Int
    private let digesting: Digesting?
    private var source: PieceSource
    private var parser: CSVParser
    private var header: CSVRecord?
    private var pending: [CSVRecord] = []
    /// The rows at the end of `pending` known to share one order's name (`start..<end`), so that
    /// an order longer than a chunk (100,000 lines) is looked at once, not again for every piece.
    private var trailingRun: (name: String, start: Int, end: Int)?
    private var finished = false
    /// A chunk has been handed out: an empty last one is not needed.
    private var handedOut = false

    /// Opens the input and tells its format (unless `format` names it). Throws a file-level
    /// problem when it cannot be read or is no shop export.
    /// `digesting`: digest each order of a shop's CSV (nil: read every order, digest none).
    init(_ input: ShopImportInput, format: ShopFormat?, zone: TimeZone, mapping: CSVMapping? = nil, chunkRows: Int = 4_000,
         pieceSize: Int = 1 << 20, digesting: Digesting? = nil) throws(ImportError) {
        fileName = input.fileName
        self.digesting = digesting
        self.zone = zone
        self.mapping = mapping
        parser = CSVParser(delimiter: mapping?.delimiter ?? .comma)
        self.chunkRows = max(chunkRows, 1)
        self.pieceSize = max(pieceSize, 1)
        let unreadable = ImportError(problems: [ImportProblem(file: input.fileName, location: .file, field: nil,
                                                              problem: "cannot be read (missing or not permitted)")])
        switch input {
        case .bytes(let bytes, _):
            source = .memory(bytes)
            totalBytes = bytes.count
        case .file(let path):
            guard let handle = FileHandle(forReadingAtPath: path) else { throw unreadable }
            source = .file(handle, start: nil)
            totalBytes = ((try? FileManager.default.attributesOfItem(atPath: path)[.size]) as? Int) ?? 0
        }
        // The format is told from the file's start, which stays to be read again as the first piece.
        let start: [UInt8]
        do {
            var peeking = source
            start = try ShopFileReader.detectionStart { try peeking.peek($0) }
            source = peeking
        } catch {
            throw unreadable
        }
        guard let format = mapping != nil ? .mappedCSV : format ?? ShopFileReader.detect(start) else {
            throw ImportError(problems: [ImportProblem(file: fileName, location: .file, field: nil,
                                                       problem: "is not a Shopify or WooCommerce export (name the format with --format)")])
        }
        self.format = format
    }

    /// The next chunk's orders and problems, nil after the last: for a reader without `digesting`,
    /// whose chunks have every order read.
    mutating func next() throws(ImportError) -> ShopFileContents? {
        try nextChunk()?.contents
    }

    /// The next chunk, nil after the last.
    mutating func nextChunk() throws(ImportError) -> Chunk? {
        guard !finished else { return nil }
        switch format {
        case .shopifyJSON, .shopifyJSONL, .wooCommerceJSON:
            finished = true
            let contents = try ShopFileReader.contents(of: try readRest(), fileName: fileName, format: format, zone: zone)
            return Chunk(contents: contents)
        case .shopifyCSV, .wooCommerceCSV, .mappedCSV: break
        }
        while true {
            if let cut = cutPoint() {
                let chunk = Array(pending[..<cut])
                pending.removeFirst(cut)
                trailingRun = trailingRun.map { ($0.name, 0, $0.end - cut) }
                handedOut = true
                return try contents(of: chunk)
            }
            let piece = try readPiece()
            let isLast = piece.isEmpty
            let records: [CSVRecord]
            do {
                records = try parser.parse(piece, isLast: isLast)
            } catch {
                throw ImportError(problems: [ImportProblem(file: fileName, location: .line(error.line), field: nil, problem: error.problem)])
            }
            var rows = records[...]
            if header == nil, let first = rows.first {
                header = first
                rows = rows.dropFirst()
            }
            pending += rows
            if isLast {
                finished = true
                if pending.isEmpty, handedOut { return nil }
                let chunk = pending
                pending = []
                return try contents(of: chunk)
            }
        }
    }

    /// Where the pending records may be cut into a chunk of whole orders, once there are enough.
    private mutating func cutPoint() -> Int? {
        guard pending.count >= chunkRows, let header else { return nil }
        // The column whose value the rows of one order share, for the formats with a row per line item.
        let orderColumn: String
        switch format {
        case .shopifyCSV: orderColumn = "Name"
        case .mappedCSV:
            guard let key = mapping?.orderKey else { return pending.count }
            orderColumn = key
        case .wooCommerceCSV, .shopifyJSON, .shopifyJSONL, .wooCommerceJSON: return pending.count
        }
        // The rows of the last order may go on in the next piece: they wait for the next chunk.
        let columns = ShopFieldReader.columns(of: header.fields)
        func name(_ record: CSVRecord) -> String? {
            ShopFieldReader(file: fileName, record: record, columns: columns).word(orderColumn)
        }
        guard let last = pending.last.flatMap(name) else { return pending.count }
        // Only the rows added since the last look are read when the same order goes on.
        let known = trailingRun.flatMap { $0.name == last && $0.end <= pending.count ? $0 : nil }
        var cut = pending.count
        while cut > (known?.end ?? 0), name(pending[cut - 1]) == last { cut -= 1 }
        if let known, cut == known.end { cut = known.start }
        trailingRun = (last, cut, pending.count)
        // One order longer than a chunk: it waits for more rows until its name changes.
        return cut > 0 ? cut : nil
    }

    private mutating func contents(of rows: [CSVRecord]) throws(ImportError) -> Chunk {
        guard let header else { return Chunk(contents: ShopFileContents(orders: [], problems: [])) }
        guard let digesting, mapping == nil,
              let stamp = ShopRowsDigest.Stamp(format: format, zone: zone, source: digesting.source, header: header.fields) else {
            let contents = try ShopFileReader.orders(in: [header] + rows, format: format, fileName: fileName, zone: zone,
                                                     mapping: mapping)
            ignoredColumns = contents.ignoredColumns
            return Chunk(contents: contents)
        }
        let split = ShopDigestedRows(rows, header: header, format: format, fileName: fileName, stamp: stamp,
                                     known: digesting.known)
        // The header alone still names the columns not imported when every order was set aside.
        let contents = try ShopFileReader.orders(in: split.toRead, format: format, fileName: fileName, zone: zone,
                                                 mapping: mapping)
        ignoredColumns = contents.ignoredColumns
        return Chunk(contents: contents, digests: split.digests, unread: split.unread)
    }

    private mutating func readPiece() throws(ImportError) -> [UInt8] {
        do {
            let piece = try source.read(pieceSize)
            bytesRead += piece.count
            return piece
        } catch {
            throw ImportError(problems: [ImportProblem(file: fileName, location: .file, field: nil,
                                                       problem: "cannot be read to the end (\(error.localizedDescription))")])
        }
    }

    private mutating func readRest() throws(ImportError) -> [UInt8] {
        var bytes: [UInt8] = []
        while true {
            let piece = try readPiece()
            if piece.isEmpty { return bytes }
            bytes += piece
        }
    }
}
