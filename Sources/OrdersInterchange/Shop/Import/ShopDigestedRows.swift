import OrdersStorage

/// A chunk's CSV rows split into its orders' rows and each order digested (`ShopRowsDigest`).
/// An order whose digest a stored order still holds (`ShopDigestOwner`: written from these very
/// rows, not changed since) is set aside unread; the others are handed to the format's reader.
/// The rows of one order are found exactly as the readers find them: Shopify's consecutive rows
/// sharing a `Name`, WooCommerce's one row.
struct ShopDigestedRows {
    /// An order whose rows say what they said when its stored order was last written from them:
    /// counted unchanged without being read, unless the second pass finds the stored order changed
    /// since (then its rows are read and mapped there, `records` holding the header first).
    struct UnreadOrder {
        var location: RecordLocation
        var digest: ShopRowsDigest
        var owner: ShopDigestOwner
        /// Empty once dropped (`withoutRows`).
        var records: [CSVRecord]
        var format: ShopFormat

        /// Kept from the first pass to the second without its rows: the fields of every row as
        /// `String`s would cost more memory than the mapped orders they stand in for, and the rows
        /// are needed only when the order changed in between (then the file is read again).
        func withoutRows() -> UnreadOrder {
            var order = self
            order.records = []
            return order
        }
    }

    /// The header, then the rows of the orders to read.
    var toRead: [CSVRecord]
    /// The digest of each order to read, by the line of its first row (its `ShopOrder.location`).
    var digests: [Int: ShopRowsDigest] = [:]
    var unread: [UnreadOrder] = []

    init(_ rows: [CSVRecord], header: CSVRecord, format: ShopFormat, fileName: String, stamp: ShopRowsDigest.Stamp,
         known: [ShopRowsDigest: ShopDigestOwner]) {
        let groups = Self.orders(in: rows, header: header, format: format, fileName: fileName)
        var toRead = [header]
        var digests: [Int: ShopRowsDigest] = [:]
        var unread: [UnreadOrder] = []
        var lastReadName: String?
        for group in groups {
            let records = rows[group.rows]
            let digest = stamp.digest(of: records)
            let line = records[records.startIndex].line
            if let owner = known[digest] {
                unread.append(UnreadOrder(location: .line(line), digest: digest, owner: owner, records: [header] + records,
                                          format: format))
                continue
            }
            // Two orders of one name, apart in the file, would become one order if the rows
            // between them were set aside: then the whole chunk is read, as without digests.
            if let name = group.name, name == lastReadName {
                toRead = [header] + rows
                unread = []
                for group in groups { digests[rows[group.rows.lowerBound].line] = stamp.digest(of: rows[group.rows]) }
                break
            }
            lastReadName = group.name
            toRead += records
            digests[line] = digest
        }
        self.toRead = toRead
        self.digests = digests
        self.unread = unread
    }

    /// Each order's rows (its name, when the format has one for rows to share).
    private static func orders(in rows: [CSVRecord], header: CSVRecord, format: ShopFormat,
                               fileName: String) -> [(name: String?, rows: Range<Int>)] {
        guard format == .shopifyCSV else { return rows.indices.map { (nil, $0..<$0 + 1) } }
        // As `ShopifyCSVReader` groups them: consecutive rows with the same `Name`; a row without one alone.
        let columns = ShopFieldReader.columns(of: header.fields)
        func name(_ record: CSVRecord) -> String? {
            ShopFieldReader(file: fileName, record: record, columns: columns).word("Name")
        }
        var groups: [(name: String?, rows: Range<Int>)] = []
        var start = 0
        while start < rows.count {
            let first = name(rows[start])
            var end = start + 1
            while end < rows.count, first != nil, name(rows[end]) == first { end += 1 }
            groups.append((first, start..<end))
            start = end
        }
        return groups
    }
}
