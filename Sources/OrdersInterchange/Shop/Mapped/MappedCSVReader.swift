import Foundation

/// Any other CSV export, read by a mapping file (`CSVMapping`) into the same `ShopOrder`s the
/// shops' readers make, so mapping, the problem report, re-import and dry runs are shared. An
/// order is one row, or with `orderKey` the consecutive rows sharing that column's value (order
/// fields from its first row, a line item from every row). Problems name the export's own columns.
enum MappedCSVReader {
    /// Throws when the export's header lacks a column the mapping names: nothing is read then.
    static func orders(in records: [CSVRecord], file: String, mapping: CSVMapping, zone: TimeZone) throws(ImportError) -> ShopFileContents {
        guard let header = records.first else { return ShopFileContents(orders: [], problems: []) }
        let missing = mapping.missingColumns(in: header.fields, exportName: file)
        guard missing.isEmpty else {
            throw ImportError(problems: missing.map {
                ImportProblem(file: mapping.fileName, location: .file, field: $0.field, problem: $0.problem)
            })
        }
        let columns = ShopFieldReader.columns(of: header.fields)
        let reader = MappedRowReader(mapping: mapping, zone: mapping.timeZone ?? zone)
        var orders: [ShopOrder] = []
        var problems: [ImportProblem] = []
        var index = 1
        while index < records.count {
            func fields(_ record: CSVRecord) -> ShopFieldReader {
                ShopFieldReader(file: file, record: record, columns: columns)
            }
            // The order's rows: this one and, with an order key, the following ones sharing its value.
            let key = mapping.orderKey.flatMap { fields(records[index]).word($0) }
            var end = index + 1
            if let orderKey = mapping.orderKey, let key {
                while end < records.count, fields(records[end]).word(orderKey) == key { end += 1 }
            }
            switch reader.order(rows: records[index..<end].map(fields)) {
            case .success(let order): orders.append(order)
            case .failure(let error): problems += error.problems
            }
            index = end
        }
        let read = mapping.columnsRead
        return ShopFileContents(orders: orders, problems: problems,
                                ignoredColumns: header.fields.filter { !read.contains($0.trimmingCharacters(in: .whitespaces)) })
    }
}
