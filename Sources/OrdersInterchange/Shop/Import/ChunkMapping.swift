import Foundation
import OrdersCore
import OrdersStorage

/// Maps a chunk of a shop's file into orders (`ShopOrderMapper`), remembering across chunks
/// which orders the file has named, so an order written twice is a problem wherever the second
/// one is. It keeps one small entry per order (its reference and line), never the order. An order
/// set aside unread by its digest (`ShopDigestedRows`) is named by its stored order's reference,
/// which is what its rows mapped to when that order was written from them.
struct ChunkMapping {
    struct Entry {
        var location: RecordLocation
        var order: Order
        /// The digest of the rows it was read from (`ShopRowsDigest`), when the import digests them.
        var digest: ShopRowsDigest? = nil
    }

    let fileName: String
    private let mapper: ShopOrderMapper
    private var firstSeen: [OrderReference: RecordLocation] = [:]

    init(fileName: String, source: String?) {
        self.fileName = fileName
        mapper = ShopOrderMapper(source: source)
    }

    /// The chunk's orders that read and map well, and every problem of the others, in file order.
    mutating func map(_ contents: ShopFileContents) -> (entries: [Entry], problems: [ImportProblem]) {
        let mapped = map(ShopFileChunks.Chunk(contents: contents))
        return (mapped.entries, mapped.problems)
    }

    /// As `map(_:)` for a digested chunk: the orders read and mapped (each with its digest), those
    /// set aside unread, and the problems, each list in file order. An order written twice is a
    /// problem at its second place whether either was read or not.
    mutating func map(_ chunk: ShopFileChunks.Chunk)
        -> (entries: [Entry], unread: [ShopDigestedRows.UnreadOrder], problems: [ImportProblem]) {
        var entries: [Entry] = []
        var unread: [ShopDigestedRows.UnreadOrder] = []
        var problems = chunk.contents.problems
        var setAside = chunk.unread[...]
        func isFirst(_ reference: OrderReference, at location: RecordLocation) -> Bool {
            if let first = firstSeen[reference] {
                problems.append(ImportProblem(file: fileName, location: location, field: nil,
                                              problem: "order \(reference.number) is in the file already (\(first))"))
                return false
            }
            firstSeen[reference] = location
            return true
        }
        func takeUnread(before position: Int) {
            while let next = setAside.first, Self.position(of: next.location) < position {
                setAside.removeFirst()
                if isFirst(next.owner.reference, at: next.location) { unread.append(next) }
            }
        }
        for shopOrder in chunk.contents.orders {
            let position = Self.position(of: shopOrder.location)
            takeUnread(before: position)
            switch mapper.order(from: shopOrder, file: fileName) {
            case .success(let order):
                guard isFirst(order.reference, at: shopOrder.location) else { continue }
                entries.append(Entry(location: shopOrder.location, order: order, digest: chunk.digests[position]))
            case .failure(let error):
                problems += error.problems
            }
        }
        takeUnread(before: .max)
        problems.sort { Self.position(of: $0.location) < Self.position(of: $1.location) }
        return (entries, unread, problems)
    }

    /// The order of rows set aside unread, read and mapped after all (the second pass found its
    /// stored order changed since its digest was stored); with the same digest, to store again.
    func mapLate(_ order: ShopDigestedRows.UnreadOrder, zone: TimeZone) -> Result<Entry, ImportError> {
        let contents: ShopFileContents
        do throws(ImportError) {
            contents = try ShopFileReader.orders(in: order.records, format: order.format, fileName: fileName, zone: zone,
                                                 mapping: nil)
        } catch {
            return .failure(error)
        }
        guard contents.problems.isEmpty, let shopOrder = contents.orders.first else {
            return .failure(ImportError(problems: contents.problems))
        }
        return mapper.order(from: shopOrder, file: fileName)
            .map { Entry(location: shopOrder.location, order: $0, digest: order.digest) }
    }

    /// Problems sort by where they are in the file.
    static func position(of location: RecordLocation) -> Int {
        switch location {
        case .line(let line): line
        case .index(let index): index
        case .position(let line, _): line
        case .byte(_, let line): line
        case .file: -1
        }
    }
}
