/// Maps a chunk of a shop's file into orders (`ShopOrderMapper`), remembering across chunks
/// which orders the file has named, so an order written twice is a problem wherever the second
/// one is. It keeps one small entry per order (its reference and line), never the order.
struct ChunkMapping {
    struct Entry {
        var location: RecordLocation
        var order: Order
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
        var entries: [Entry] = []
        var problems = contents.problems
        for shopOrder in contents.orders {
            switch mapper.order(from: shopOrder, file: fileName) {
            case .success(let order):
                if let first = firstSeen[order.reference] {
                    problems.append(ImportProblem(file: fileName, location: shopOrder.location, field: nil,
                                                  problem: "order \(order.number) is in the file already (\(first))"))
                    continue
                }
                firstSeen[order.reference] = shopOrder.location
                entries.append(Entry(location: shopOrder.location, order: order))
            case .failure(let error):
                problems += error.problems
            }
        }
        problems.sort { Self.position(of: $0.location) < Self.position(of: $1.location) }
        return (entries, problems)
    }

    /// Problems sort by where they are in the file.
    private static func position(of location: RecordLocation) -> Int {
        switch location {
        case .line(let line): line
        case .index(let index): index
        case .position(let line, _): line
        case .byte(_, let line): line
        case .file: -1
        }
    }
}
