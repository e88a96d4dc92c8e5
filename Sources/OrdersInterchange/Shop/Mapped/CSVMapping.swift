import Foundation

/// A mapping file (`orders import --map FILE`): how any other CSV export describes orders, so a
/// custom ERP export comes in without code. It says which column gives each field
/// (`CSVMappingField`), which rows make one order (`orderKey`), what the file's status words mean,
/// and how it writes dates and amounts. Read and checked whole (`CSVMapping+Reading.swift`) before
/// any row of the export is read; `MappedCSVReader` then reads the export by it.
public struct CSVMapping: Hashable, Sendable {
    /// The mapping file's name, named in problems about the mapping.
    public var fileName: String
    /// The source the orders get unless `--source` names another.
    public var source: String?
    /// The column whose value is shared by the rows of one order (one row per line item, as
    /// Shopify writes it); nil when every row is one order.
    public var orderKey: String?
    /// What separates the export's fields (`"delimiter"`: comma, semicolon or tab).
    public var delimiter: CSVDelimiter = .comma
    /// The column of each field (the first, when a mapping names several for an amount).
    public var columns: [CSVMappingField: String]
    /// The further columns of an amount named with several (`["item-tax", "shipping-tax"]`):
    /// added to the first column's amount.
    public var addedColumns: [CSVMappingField: [String]] = [:]
    /// Status words (compared ignoring case) and the statuses they give.
    var statuses: [String: ShopStatusWords]
    /// How dates are written; nil for the forms `ShopDate` reads (ISO 8601, `2025-12-07 19:08:25`).
    public var dateFormat: CSVDatePattern?
    /// The zone of dates written without one; nil for `--tz` (or the machine's).
    public var timeZone: TimeZone?
    public var decimalSeparator: Character
    /// The digit grouping character of amounts (`1.234,50`), nil when amounts are not grouped.
    public var thousandsSeparator: Character?
    /// Whether prices include tax; nil to tell from the figures (`ShopTaxInference`).
    public var taxesIncluded: Bool?

    /// Every column the mapping reads, the order key among them.
    var columnsRead: Set<String> {
        Set(columns.values).union(addedColumns.values.joined()).union(orderKey.map { [$0] } ?? [])
    }

    /// The statuses a status word gives: the mapping's, else the plainest ones with the word kept
    /// as the order's source status, as the shops' readers keep words they do not know.
    func statuses(for word: String?) -> ShopStatusWords {
        guard let word else {
            return ShopStatusWords(payment: .pending, fulfillment: .unfulfilled, isClosed: false, isCancelled: false, sourceStatus: nil)
        }
        return statuses[word.lowercased()]
            ?? ShopStatusWords(payment: .pending, fulfillment: .unfulfilled, isClosed: false, isCancelled: false, sourceStatus: word)
    }

    /// The mapping's columns the export's header lacks, each a problem naming the setting.
    func missingColumns(in header: [String], exportName: String) -> [CSVMappingProblem] {
        let present = Set(header.map { $0.trimmingCharacters(in: .whitespaces) })
        var problems: [CSVMappingProblem] = []
        if let orderKey, !present.contains(orderKey) {
            problems.append(CSVMappingProblem(field: "orderKey", problem: "names the column \"\(orderKey)\", which \(exportName) does not have"))
        }
        for field in CSVMappingField.allCases {
            for column in (columns[field].map { [$0] } ?? []) + (addedColumns[field] ?? []) where !present.contains(column) {
                problems.append(CSVMappingProblem(field: "columns.\(field.rawValue)",
                                                  problem: "names the column \"\(column)\", which \(exportName) does not have"))
            }
        }
        return problems
    }
}
