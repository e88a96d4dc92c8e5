import Foundation
import OrdersCore

/// Reading a mapping file: JSON only (TOML is not read). Every problem is found at once, each
/// naming its setting, so a mapping is fixed in one go; none of the export is read until it is right.
extension CSVMapping {
    /// The settings a mapping file may hold (`comment` is for people and is not read).
    static let settings = ["comment", "source", "orderKey", "delimiter", "dateFormat", "timeZone", "decimalSeparator",
                           "thousandsSeparator", "taxesIncluded", "columns", "statuses"]

    public static func read(_ bytes: [UInt8], fileName: String) throws(ImportError) -> CSVMapping {
        func fail(_ location: RecordLocation, _ problem: String) -> ImportError {
            ImportError(problems: [ImportProblem(file: fileName, location: location, field: nil, problem: problem)])
        }
        if let bad = UTF8Check.firstInvalidByte(in: bytes) {
            throw fail(.byte(offset: bad.offset, line: bad.line), "is not valid UTF-8 text from here on")
        }
        let text = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
        if let failure = JSONSyntaxCheck.firstError(in: text) {
            throw fail(.position(line: failure.line, column: failure.column), failure.message)
        }
        guard let root = try? JSONDecoder().decode(JSONValue.self, from: Data(text)), case .object(let members) = root else {
            throw fail(.file, "is not a mapping: expected a JSON object like {\"columns\": {\"number\": \"Order No\", …}}")
        }
        return try parse(members, fileName: fileName).get()
    }

    private static func parse(_ members: [String: JSONValue], fileName: String) -> Result<CSVMapping, ImportError> {
        var problems: [CSVMappingProblem] = []
        func problem(_ field: String?, _ text: String) { problems.append(CSVMappingProblem(field: field, problem: text)) }
        for key in members.keys.sorted() where !settings.contains(key) {
            problem(key, "is not a setting of a mapping file (" + settings.dropFirst().joined(separator: ", ") + ")")
        }
        func string(_ key: String) -> String? {
            switch members[key] {
            case nil, .null?: return nil
            case .string(let text)? where !text.trimmingCharacters(in: .whitespaces).isEmpty: return text
            default:
                problem(key, "must be a text that is not empty")
                return nil
            }
        }
        let source = string("source")
        if let source, let why = OrderNumber.problem(withSource: source) { problem("source", why) }
        let orderKey = string("orderKey")
        // The name, or the character itself (what people see in the file): a tab is no "text" for `string`.
        var delimiter = CSVDelimiter.comma
        switch members["delimiter"] {
        case nil, .null?: break
        case .string(let word)?:
            let characters: [String: CSVDelimiter] = [",": .comma, ";": .semicolon, "\t": .tab]
            if let named = CSVDelimiter(rawValue: word.lowercased()) ?? characters[word] { delimiter = named } else {
                problem("delimiter", "must be comma, semicolon or tab, got \"\(word)\"")
            }
        default: problem("delimiter", "must be comma, semicolon or tab")
        }
        let dateFormat = string("dateFormat").flatMap { text -> CSVDatePattern? in
            switch CSVDatePattern.parse(text) {
            case .success(let pattern): return pattern
            case .failure(let refusal):
                problems.append(refusal)
                return nil
            }
        }
        let timeZone = string("timeZone").flatMap { name -> TimeZone? in
            guard let zone = TimeZone(identifier: name) else {
                problem("timeZone", "\"\(name)\" is not a time zone (like Europe/Berlin or UTC)")
                return nil
            }
            return zone
        }
        let decimal = string("decimalSeparator") ?? "."
        if decimal != "." && decimal != "," { problem("decimalSeparator", "must be \".\" or \",\", got \"\(decimal)\"") }
        let thousands = string("thousandsSeparator")
        if let thousands, ![".", ",", " ", "'"].contains(thousands) || thousands == decimal {
            problem("thousandsSeparator", "must be one of \".\", \",\", \" \" or \"'\" and not the decimal separator, got \"\(thousands)\"")
        }
        var taxesIncluded: Bool?
        switch members["taxesIncluded"] {
        case nil, .null?: break
        case .bool(let value)?: taxesIncluded = value
        default: problem("taxesIncluded", "must be true or false")
        }
        let (columns, addedColumns) = self.columns(members["columns"], problem: problem)
        let statuses = self.statuses(members["statuses"], problem: problem)
        if !statuses.isEmpty, columns[.status] == nil {
            problem("statuses", "gives status words but columns maps no column to status")
        }
        guard problems.isEmpty else {
            return .failure(ImportError(problems: problems.map {
                ImportProblem(file: fileName, location: .file, field: $0.field, problem: $0.problem)
            }))
        }
        return .success(CSVMapping(fileName: fileName, source: source, orderKey: orderKey, delimiter: delimiter,
                                   columns: columns, addedColumns: addedColumns, statuses: statuses,
                                   dateFormat: dateFormat, timeZone: timeZone, decimalSeparator: Character(decimal),
                                   thousandsSeparator: thousands.map(Character.init), taxesIncluded: taxesIncluded))
    }

    private static func columns(_ value: JSONValue?, problem: (String?, String) -> Void)
        -> (columns: [CSVMappingField: String], added: [CSVMappingField: [String]]) {
        guard case .object(let members)? = value else {
            problem("columns", value == nil ? "is missing; it says which column gives each field, like {\"number\": \"Order No\"}"
                                             : "must be an object of field → column, like {\"number\": \"Order No\"}")
            return ([:], [:])
        }
        var columns: [CSVMappingField: String] = [:]
        var added: [CSVMappingField: [String]] = [:]
        for (name, column) in members.sorted(by: { $0.key < $1.key }) {
            guard let field = CSVMappingField(rawValue: name) else {
                problem("columns.\(name)", "is not a field orders knows (orders import --help lists them)")
                continue
            }
            // An amount may be the sum of several columns: a list of names.
            let names: [String]? = switch column {
            case .string(let text): [text]
            case .array(let values) where field.isAmount && !values.isEmpty:
                values.map { if case .string(let text) = $0 { text } else { "" } }
            default: nil
            }
            let trimmed = names?.map { $0.trimmingCharacters(in: .whitespaces) } ?? []
            guard let first = trimmed.first, !trimmed.contains(where: \.isEmpty) else {
                problem("columns.\(name)", field.isAmount ? "must name a column of the export, or a list of columns to add up"
                                                           : "must name a column of the export")
                continue
            }
            columns[field] = first
            if trimmed.count > 1 { added[field] = Array(trimmed.dropFirst()) }
        }
        for field in CSVMappingField.required where columns[field] == nil && members[field.rawValue] == nil {
            problem("columns", "maps no column to \(field.rawValue); every order needs it")
        }
        if columns[.itemUnitPrice] == nil, columns[.itemLineTotal] == nil,
           members[CSVMappingField.itemUnitPrice.rawValue] == nil, members[CSVMappingField.itemLineTotal.rawValue] == nil {
            problem("columns", "maps no column to item.unitPrice or item.lineTotal; every line item needs its price")
        }
        return (columns, added)
    }

    private static func statuses(_ value: JSONValue?, problem: (String?, String) -> Void) -> [String: ShopStatusWords] {
        guard let value, value != .null else { return [:] }
        guard case .object(let members) = value else {
            problem("statuses", "must be an object of status word → statuses, like {\"SHIPPED\": {\"payment\": \"paid\", \"fulfilment\": \"fulfilled\"}}")
            return [:]
        }
        var statuses: [String: ShopStatusWords] = [:]
        for (word, meaning) in members.sorted(by: { $0.key < $1.key }) {
            let path = "statuses.\(word)"
            if statuses[word.lowercased()] != nil {
                problem(path, "is another spelling of a word given already (words are compared ignoring case)")
                continue
            }
            guard case .object(let parts) = meaning else {
                problem(path, "must be an object like {\"payment\": \"paid\", \"fulfilment\": \"fulfilled\"}")
                continue
            }
            var words = ShopStatusWords(payment: .pending, fulfillment: .unfulfilled, isClosed: false, isCancelled: false, sourceStatus: nil)
            for (key, part) in parts.sorted(by: { $0.key < $1.key }) {
                switch (key, part) {
                case ("payment", .string(let text)):
                    if let status = PaymentStatus(rawValue: text) { words.payment = status } else {
                        problem("\(path).payment", "\"\(text)\" is not a payment status ("
                                + PaymentStatus.allCases.map(\.rawValue).joined(separator: ", ") + ")")
                    }
                case ("fulfilment", .string(let text)):
                    if let status = FulfillmentStatus(rawValue: text) { words.fulfillment = status } else {
                        problem("\(path).fulfilment", "\"\(text)\" is not a fulfilment status ("
                                + FulfillmentStatus.allCases.map(\.rawValue).joined(separator: ", ") + ")")
                    }
                case ("cancelled", .bool(let flag)): words.isCancelled = flag
                case ("closed", .bool(let flag)): words.isClosed = flag
                case ("payment", _), ("fulfilment", _): problem("\(path).\(key)", "must be a status word in quotes")
                case ("cancelled", _), ("closed", _): problem("\(path).\(key)", "must be true or false")
                default: problem("\(path).\(key)", "is not part of a status (payment, fulfilment, cancelled, closed)")
                }
            }
            statuses[word.lowercased()] = words
        }
        return statuses
    }
}
