import Foundation
import OrdersCore
import OrdersStorage

/// A compact, columnar copy of what the list needs from every order, so a
/// million orders can be searched, filtered and sorted in memory in
/// milliseconds without holding a million `Order` values (arrays and strings
/// cost far more than the ~150 bytes per order this takes).
///
/// Rows are addressed by slot (`Int32`), assigned in insertion order. Text lives
/// folded in shared tables; strings that repeat (customers, products, tags,
/// countries, assignees) are stored once. Full orders come from the store.
/// Equatable so two builds can be compared column by column (`IndexRowEquivalenceTests`).
struct OrderIndex: Sendable, Equatable {
    typealias Slot = Int32

    /// Totals are kept as integers of this many decimal places (every ISO currency has ≤ 4).
    static let totalScale = 4
    static let totalFactor: Decimal = 10_000

    struct RowFlags: OptionSet, Sendable {
        let rawValue: UInt8
        static let flagged = RowFlags(rawValue: 1)
        /// The folded email must be searched with `String.contains`.
        static let exactTextSearch = RowFlags(rawValue: 2)
        /// The total did not fit `totals`; the exact value is in `exactTotals`.
        static let exactTotal = RowFlags(rawValue: 4)
        /// Some searchable text of the row (customer, product, email) needs `String.contains`.
        static let anyExactText = RowFlags(rawValue: 8)
        /// The order's number is not the one its key prints (`OrderNumber.local`), or its source is
        /// not local: the number is in `verbatimNumbers` and is searched as text.
        static let verbatimNumber = RowFlags(rawValue: 16)
        /// Something was given back (`Order.refunded` > 0).
        static let refunded = RowFlags(rawValue: 32)
        /// `Order.outstanding` is not the total the row keeps (refunds, or a shop currency): it is in `outstandings`.
        static let ownOutstanding = RowFlags(rawValue: 64)
    }

    private(set) var ids: IndexColumn<Int64> = []
    /// The numbers (verbatim and folded) and sources of rows flagged `verbatimNumber`. Orders made
    /// here, the demo's included, print their number from their key and need no entry, which keeps
    /// the index at its size for them; an imported shop pays one entry per order.
    private(set) var verbatimNumbers: [Slot: VerbatimNumber] = [:]
    private(set) var created: IndexColumn<Double> = []
    private(set) var totals: IndexColumn<Int64> = []
    private(set) var exactTotals: [Slot: Decimal] = [:]
    private(set) var currencies: IndexColumn<UInt8> = []
    private(set) var currencyTable: [Currency] = []
    private(set) var statuses: IndexColumn<UInt8> = []
    /// Per row: the position of the payment and fulfilment status in their `allCases`.
    private(set) var payments: IndexColumn<UInt8> = []
    private(set) var fulfillments: IndexColumn<UInt8> = []
    /// The shop's own status word of rows whose word names none of their statuses
    /// (`OrderStatusWords.unmatchedSourceStatus`): few rows have one, so it is kept apart.
    private(set) var unmatchedSourceStatuses: [Slot: String] = [:]
    private(set) var flags: IndexColumn<UInt8> = []
    private(set) var itemCounts: IndexColumn<Int32> = []
    private(set) var countries: IndexColumn<UInt16> = []
    private(set) var countryTable = TextTable()
    /// Assignee entry + 1; 0 means unassigned.
    private(set) var assignees: IndexColumn<UInt32> = []
    private(set) var assigneeTable = TextTable()
    fileprivate(set) var versions: IndexColumn<Int32> = []
    private(set) var tagSets: IndexColumn<UInt32> = []
    private(set) var tagSetTable: [[String]] = []
    private var tagSetLookup: [[String]: UInt32] = [:]
    private(set) var customers: IndexColumn<UInt32> = []
    private(set) var customerTable = TextTable()
    /// Per row: the folded email in `text`, from `textStarts` for `textLengths` bytes.
    private(set) var textStarts: IndexColumn<UInt32> = []
    private(set) var textLengths: IndexColumn<UInt32> = []
    /// Per row: `ByteClassMask` of the folded email.
    private(set) var textMasks: IndexColumn<UInt32> = []
    /// Per row: `ByteClassMask` of everything plain words search (id, customer, email, SKUs, titles).
    private(set) var searchMasks: IndexColumn<UInt32> = []
    private(set) var text: IndexColumn<UInt8> = []
    /// Per row: `itemLengths` product entries in `itemPool` from `itemStarts`.
    private(set) var itemStarts: IndexColumn<UInt32> = []
    private(set) var itemLengths: IndexColumn<UInt16> = []
    private(set) var itemPool: IndexColumn<UInt32> = []
    /// A product is a (SKU entry, title entry) pair; line items point at products.
    private(set) var products: [ProductEntry] = []
    private var productLookup: [ProductEntry: UInt32] = [:]
    private(set) var skuTable = TextTable()
    private(set) var titleTable = TextTable()
    /// The shop's terms (`OrderIndex+ShopTerms`): outstanding balances that differ from the total,
    /// risk (0 none, else 1 + position in `RiskLevel.allCases`), when the age counts from
    /// (`Order.ageStart`), the cities and postcodes of the addresses, the discount codes, and the
    /// customer group with how many rows each group has.
    private(set) var outstandings = SlotAmounts()
    private(set) var risks: IndexColumn<UInt8> = []
    private(set) var ageStarts: IndexColumn<Double> = []
    private(set) var placeSets: IndexColumn<UInt32> = []
    private(set) var placeSetTable: [PlaceSet] = [PlaceSet()]
    private var placeSetLookup: [PlaceSet: UInt32] = [PlaceSet(): 0]
    private(set) var cityTable = TextTable()
    private(set) var postcodeTable = TextTable()
    private(set) var codeSets: IndexColumn<UInt32> = []
    private(set) var codeSetTable: [[String]] = [[]]
    private var codeSetLookup: [[String]: UInt32] = [[]: 0]
    /// Group entry + 1; 0 means the order is a customer of its own (`Order.customerGroup` is nil).
    private(set) var customerGroups: IndexColumn<UInt32> = []
    /// Every order of a returning customer shares a group, so at a million orders there are
    /// hundreds of thousands: a `StringTable` read in place, not a per-process dictionary.
    private(set) var groupTable = StringTable()
    private(set) var groupCounts: IndexColumn<Int32> = []

    /// The cities and postcodes of an order's addresses, as entries of `cityTable` and `postcodeTable`.
    struct PlaceSet: Hashable, Sendable {
        var cities: [UInt32] = []
        var postcodes: [UInt32] = []
    }

    /// Slots in ascending id order, for lookups by id.
    var slotsByID: IndexColumn<Slot> = []
    /// Rank of each customer entry in folded-name order, for sorting by customer.
    var customerRanks: IndexColumn<Int32> = []
    /// Sort permutations (key ascending, ties by ascending id), kept up to date.
    var permutations: [OrderSortKey: IndexColumn<Slot>] = [:]

    struct VerbatimNumber: Hashable, Sendable {
        var number: String
        var folded: String
        var source: String
    }

    struct ProductEntry: Hashable, Sendable {
        var sku: UInt32
        var title: UInt32
    }

    var count: Int { ids.count }

    /// Goes up with every change to the rows, so results derived from them can be cached.
    private(set) var generation = 0

    init() {}

    /// An index of these orders, sort permutations included.
    init(_ orders: some Sequence<Order>) {
        self.init(rows: orders.lazy.map(OrderIndexRow.init))
    }

    /// An index of these rows (a store's narrow projection), sort permutations included.
    init(rows: some Sequence<OrderIndexRow>) {
        for row in rows { appendRow(row) }
        rebuildPermutations()
    }

    // MARK: Reading

    func id(_ slot: Slot) -> OrderID { OrderID(Int(ids[Int(slot)])) }
    /// The shop's number as given: what the list shows.
    func number(_ slot: Slot) -> String { verbatimNumbers[slot]?.number ?? OrderNumber.local(id(slot)) }
    func source(_ slot: Slot) -> String { verbatimNumbers[slot]?.source ?? OrderNumber.localSource }
    func status(_ slot: Slot) -> OrderStatus { OrderStatus.allCases[Int(statuses[Int(slot)])] }
    func payment(_ slot: Slot) -> PaymentStatus { PaymentStatus.allCases[Int(payments[Int(slot)])] }
    func fulfillment(_ slot: Slot) -> FulfillmentStatus { FulfillmentStatus.allCases[Int(fulfillments[Int(slot)])] }
    func unmatchedSourceStatus(_ slot: Slot) -> String? { unmatchedSourceStatuses[slot] }
    func isFlagged(_ slot: Slot) -> Bool { RowFlags(rawValue: flags[Int(slot)]).contains(.flagged) }
    func version(_ slot: Slot) -> Int { Int(versions[Int(slot)]) }
    func createdAt(_ slot: Slot) -> Date { Date(timeIntervalSinceReferenceDate: created[Int(slot)]) }
    /// `Order.ageStart`: when the order was paid, or created while unpaid.
    func ageStart(_ slot: Slot) -> Date { Date(timeIntervalSinceReferenceDate: ageStarts[Int(slot)]) }
    func currency(_ slot: Slot) -> Currency { currencyTable[Int(currencies[Int(slot)])] }
    func itemCount(_ slot: Slot) -> Int { Int(itemCounts[Int(slot)]) }
    func customerName(_ slot: Slot) -> String { customerTable.original(Int(customers[Int(slot)])) }
    func country(_ slot: Slot) -> String { countryTable.original(Int(countries[Int(slot)])) }
    func tags(_ slot: Slot) -> [String] { tagSetTable[Int(tagSets[Int(slot)])] }
    func assignee(_ slot: Slot) -> String? {
        let entry = assignees[Int(slot)]
        return entry == 0 ? nil : assigneeTable.original(Int(entry - 1))
    }

    func total(_ slot: Slot) -> Decimal {
        if let exact = exactTotals[slot] { return exact }
        return Decimal(totals[Int(slot)]) / Self.totalFactor
    }

    /// The balance after refunds as the list shows it, in `currency(slot)`: the total while nothing
    /// was given back (an order paid in another currency than the shop's keeps its balance in that
    /// currency in `outstandings`, which the index does not name, so the total in the shop's
    /// currency is the same balance written in the row's currency), else the kept balance.
    func shownOutstanding(_ slot: Slot) -> Decimal {
        guard RowFlags(rawValue: flags[Int(slot)]).contains(.refunded) else { return total(slot) }
        return outstandings[slot] ?? total(slot)
    }

    /// The largest order id held (`slotsByID` is in id order); nil when empty.
    var highestID: OrderID? { slotsByID.last.map { id($0) } }

    /// The slot holding an order, found by binary search over `slotsByID`.
    func slot(of id: OrderID) -> Slot? {
        let number = Int64(id.number)
        var low = 0, high = slotsByID.count
        while low < high {
            let mid = (low + high) / 2
            if ids[Int(slotsByID[mid])] < number { low = mid + 1 } else { high = mid }
        }
        guard low < slotsByID.count, ids[Int(slotsByID[low])] == number else { return nil }
        return slotsByID[low]
    }

    // MARK: Writing

    /// Inserts a new order or replaces the indexed copy of an existing one,
    /// keeping every permutation sorted. Returns the order's slot.
    @discardableResult
    mutating func upsert(_ order: Order) -> Slot {
        upsert(OrderIndexRow(order))
    }

    @discardableResult
    mutating func upsert(_ row: OrderIndexRow) -> Slot {
        let customerCount = customerTable.count
        defer { if customerTable.count != customerCount { rankCustomers() } }
        guard let slot = slot(of: row.id) else {
            let slot = appendRow(row)
            insertIntoPermutations(slot)
            return slot
        }
        let before = sortKeys(slot)
        writeRow(row, at: slot)
        if sortKeys(slot) != before {
            for key in permutations.keys where key != .id {
                permutations[key]?.removeAll { $0 == slot }
                insertSorted(slot, into: key)
            }
        }
        return slot
    }

    /// Changes only the fields an operator action can change (the optimistic update). A new triage
    /// status moves payment and fulfilment as the store will (`Order.status`'s setter), until the
    /// stored order replaces the row.
    mutating func setMutableFields(of slot: Slot, status: OrderStatus, flagged: Bool, tags: [String], assignee: String?, version: Int) {
        generation &+= 1
        let index = Int(slot)
        if status != self.status(slot) {
            let moved = Self.statuses(payment: payment(slot), fulfillment: fulfillment(slot), movedTo: status)
            payments[index] = Self.position(of: moved.payment)
            fulfillments[index] = Self.position(of: moved.fulfillment)
        }
        statuses[index] = UInt8(status.workflowRank)
        var rowFlags = RowFlags(rawValue: flags[index])
        if flagged { rowFlags.insert(.flagged) } else { rowFlags.remove(.flagged) }
        flags[index] = rowFlags.rawValue
        tagSets[index] = internTagSet(tags)
        assignees[index] = assignee.map { assigneeTable.intern($0) + 1 } ?? 0
        versions[index] = Int32(clamping: version)
    }

    @discardableResult
    fileprivate mutating func appendRow(_ row: OrderIndexRow) -> Slot {
        let slot = Slot(ids.count)
        ids.append(0); created.append(0); totals.append(0); currencies.append(0); statuses.append(0)
        payments.append(0); fulfillments.append(0)
        flags.append(0); itemCounts.append(0); countries.append(0); assignees.append(0); versions.append(0)
        tagSets.append(0); customers.append(0); textStarts.append(0); textLengths.append(0); textMasks.append(0)
        searchMasks.append(0)
        itemStarts.append(0); itemLengths.append(0)
        risks.append(0); ageStarts.append(0); placeSets.append(0); codeSets.append(0); customerGroups.append(0)
        writeRow(row, at: slot)
        return slot
    }

    fileprivate mutating func writeRow(_ row: OrderIndexRow, at slot: Slot) {
        generation &+= 1
        let index = Int(slot)
        ids.update(index, to: Int64(row.id.number))
        created.update(index, to: row.createdAt.timeIntervalSinceReferenceDate)
        var rowFlags: RowFlags = row.flagged ? [.flagged] : []
        // Sorting, `total>`, high value and the sums compare the shop's amounts (`Order.reportingTotal`).
        let total = row.reportingTotal
        exactTotals[slot] = nil
        if let scaled = Self.scaledTotal(total) {
            totals.update(index, to: scaled)
        } else {
            totals.update(index, to: total > 0 ? Int64.max : Int64.min)
            exactTotals[slot] = total
            rowFlags.insert(.exactTotal)
        }
        if let currencyIndex = currencyTable.firstIndex(of: row.reportingCurrency) {
            currencies.update(index, to: UInt8(currencyIndex))
        } else {
            currencies.update(index, to: UInt8(clamping: currencyTable.count))
            if currencyTable.count < 256 { currencyTable.append(row.reportingCurrency) }
        }
        itemCounts.update(index, to: Int32(clamping: row.itemCount))
        countries.update(index, to: UInt16(clamping: countryTable.intern(row.country.uppercased())))
        customers.update(index, to: customerTable.intern(row.customerName))
        versions.update(index, to: Int32(clamping: row.version))
        statuses.update(index, to: UInt8(row.status.workflowRank))
        payments.update(index, to: Self.position(of: row.payment))
        fulfillments.update(index, to: Self.position(of: row.fulfillment))
        unmatchedSourceStatuses[slot] = row.unmatchedSourceStatus
        tagSets.update(index, to: internTagSet(row.tags))
        assignees.update(index, to: row.assignee.map { assigneeTable.intern($0) + 1 } ?? 0)

        // The id is matched from its number (`IDTextMatch`); only the email is kept as text.
        let rowText = FastFolding.foldedBytes(row.email)
        if !FastFolding.isByteSearchable(rowText) {
            rowFlags.insert(.exactTextSearch)
        }
        let length = rowText.count
        textMasks.update(index, to: ByteClassMask.of(rowText))
        // An unchanged text keeps its bytes; a changed one is appended (rare: ids and emails don't change).
        let oldStart = Int(textStarts[index]), oldLength = Int(textLengths[index])
        if oldLength != length || !text[oldStart..<oldStart + oldLength].elementsEqual(rowText.prefix(length)) {
            textStarts.update(index, to: UInt32(text.count))
            text.append(contentsOf: rowText.prefix(length))
            textLengths.update(index, to: UInt32(length))
        }

        let products = row.products.prefix(Int(UInt16.max)).map { internProduct($0) }
        let oldItems = Int(itemStarts[index])..<Int(itemStarts[index]) + Int(itemLengths[index])
        if !itemPool[oldItems].elementsEqual(products) {
            itemStarts.update(index, to: UInt32(itemPool.count))
            itemPool.append(contentsOf: products)
            itemLengths.update(index, to: UInt16(products.count))
        }
        // What the id text "ord-<digits>" always contains.
        var searchMask = ByteClassMask.of("ord-0".utf8) | textMasks[index] | customerTable.mask(Int(customers[index]))
        var exactText = rowFlags.contains(.exactTextSearch) || customerTable.needsExactSearch(Int(customers[index]))
        for product in products.map({ self.products[Int($0)] }) {
            searchMask |= skuTable.mask(Int(product.sku)) | titleTable.mask(Int(product.title))
            exactText = exactText || skuTable.needsExactSearch(Int(product.sku)) || titleTable.needsExactSearch(Int(product.title))
        }
        searchMasks.update(index, to: searchMask)
        if row.number != OrderNumber.local(row.id) || row.source != OrderNumber.localSource {
            verbatimNumbers[slot] = VerbatimNumber(number: row.number, folded: String(decoding: FastFolding.foldedBytes(row.number), as: UTF8.self),
                                                   source: row.source)
            rowFlags.insert(.verbatimNumber)
            exactText = true
        } else {
            verbatimNumbers[slot] = nil
        }
        if exactText || row.id.number < 0 { rowFlags.insert(.anyExactText) }
        rowFlags.formUnion(writeShopTerms(row, at: slot))
        flags.update(index, to: rowFlags.rawValue)
    }

    /// Writes the columns of the shop's terms and returns the row flags they set.
    private mutating func writeShopTerms(_ row: OrderIndexRow, at slot: Slot) -> RowFlags {
        let index = Int(slot)
        var rowFlags: RowFlags = row.isRefunded ? [.refunded] : []
        let outstanding = row.outstanding
        let ownOutstanding = outstanding == row.reportingTotal ? nil : outstanding
        outstandings[slot] = ownOutstanding
        if ownOutstanding != nil { rowFlags.insert(.ownOutstanding) }
        risks.update(index, to: row.riskLevel.map { Self.position(of: $0) + 1 } ?? 0)
        ageStarts.update(index, to: row.ageStart.timeIntervalSinceReferenceDate)
        let places = PlaceSet(cities: row.cities.map { cityTable.intern($0) },
                              postcodes: row.postcodes.map { postcodeTable.intern($0) })
        placeSets.update(index, to: Self.intern(places, in: &placeSetTable, lookup: &placeSetLookup))
        codeSets.update(index, to: Self.intern(row.discountCodes, in: &codeSetTable, lookup: &codeSetLookup))
        // Counts change only when the row's group does, so a row changed elsewhere leaves them in the mapping.
        let oldGroup = customerGroups[index]
        var newGroup: UInt32 = 0
        if let group = row.customerGroup {
            let (entry, isNew) = groupTable.intern(group)
            if isNew { groupCounts.append(0) }
            newGroup = entry + 1
        }
        if newGroup != oldGroup {
            if oldGroup != 0 { groupCounts[Int(oldGroup - 1)] -= 1 }
            if newGroup != 0 { groupCounts[Int(newGroup - 1)] += 1 }
            customerGroups.update(index, to: newGroup)
        }
        return rowFlags
    }

    private static func intern<Value: Hashable>(_ value: Value, in table: inout [Value], lookup: inout [Value: UInt32]) -> UInt32 {
        if let existing = lookup[value] { return existing }
        let entry = UInt32(table.count)
        table.append(value)
        lookup[value] = entry
        return entry
    }

    private mutating func internProduct(_ item: OrderIndexRow.Product) -> UInt32 {
        let product = ProductEntry(sku: skuTable.intern(item.sku), title: titleTable.intern(item.title))
        if let existing = productLookup[product] { return existing }
        let entry = UInt32(products.count)
        products.append(product)
        productLookup[product] = entry
        return entry
    }

    private mutating func internTagSet(_ tags: [String]) -> UInt32 {
        if let existing = tagSetLookup[tags] { return existing }
        let entry = UInt32(tagSetTable.count)
        tagSetTable.append(tags)
        tagSetLookup[tags] = entry
        return entry
    }

    /// Payment and fulfilment after a move to `status`, by the domain's rule (`Order.status`'s
    /// setter) applied to an order with only these two statuses: the index keeps no cancel time
    /// or closing, so a rare row may differ from the store's result until that result arrives.
    private static func statuses(payment: PaymentStatus, fulfillment: FulfillmentStatus,
                                 movedTo status: OrderStatus) -> (payment: PaymentStatus, fulfillment: FulfillmentStatus) {
        var order = Order(id: OrderID(0), customerName: "", email: "", country: "", currency: .usd, items: [],
                          createdAt: Date(timeIntervalSinceReferenceDate: 0))
        order.payment = payment
        order.fulfillment = fulfillment
        order.status = status
        return (order.payment, order.fulfillment)
    }

    static func position<Status: CaseIterable & Equatable>(of status: Status) -> UInt8 {
        UInt8(Status.allCases.firstIndex(of: status).map { Status.allCases.distance(from: Status.allCases.startIndex, to: $0) } ?? 0)
    }

    /// total × 10⁴ as an integer, or nil if it has more places or does not fit.
    static func scaledTotal(_ total: Decimal) -> Int64? {
        let scaled = total * totalFactor
        guard scaled.magnitude < Decimal(Int64.max / 2) else { return nil }
        let integer = NSDecimalNumber(decimal: scaled).int64Value
        return Decimal(integer) == scaled ? integer : nil
    }
}

extension OrderIndex {
    /// Adds orders while building, without maintaining permutations; call
    /// `rebuildPermutations()` once at the end. Orders already present are replaced.
    mutating func appendForBuilding(_ rows: [OrderIndexRow]) {
        for row in rows { appendRow(row) }
    }

    /// Brings the index up to date with these rows (an index file's changes since its mark): one by
    /// one while few (each keeps the permutations sorted, a shift of every row per key), else all
    /// written first and the permutations sorted again once.
    mutating func apply(changedRows rows: [OrderIndexRow]) {
        guard rows.count > Self.changedRowsSortedOneByOne else {
            for row in rows { upsert(row) }
            return
        }
        for row in rows {
            if let slot = slot(of: row.id) { writeRow(row, at: slot) } else { appendRow(row) }
        }
        rebuildPermutations()
    }

    /// Beyond this many changed rows, sorting every permutation again is cheaper than inserting each.
    static let changedRowsSortedOneByOne = 64

    /// The order's mutable fields as the index holds them.
    func mutableFields(_ slot: Slot) -> MutableOrderFields {
        MutableOrderFields(status: status(slot), payment: payment(slot), fulfillment: fulfillment(slot), flagged: isFlagged(slot),
                           tags: tags(slot), assignee: assignee(slot))
    }

    mutating func setMutableFields(of slot: Slot, _ fields: MutableOrderFields) {
        setMutableFields(of: slot, status: fields.status, flagged: fields.flagged, tags: fields.tags,
                         assignee: fields.assignee, version: version(slot))
        payments[Int(slot)] = Self.position(of: fields.payment)
        fulfillments[Int(slot)] = Self.position(of: fields.fulfillment)
    }

    mutating func setVersion(of slot: Slot, _ version: Int) {
        versions[Int(slot)] = Int32(clamping: version)
    }
}

extension OrderIndex {
    /// Bytes the index holds in this process (array storage and tables; not columns still read from a
    /// mapped index file), for the memory benchmark.
    var memoryFootprint: Int {
        func bytes<T>(_ array: [T]) -> Int { array.capacity * MemoryLayout<T>.stride }
        func bytes<T>(_ column: IndexColumn<T>) -> Int { column.ownedByteCount }
        func table(_ table: TextTable) -> Int { table.ownedByteCount }
        var total = bytes(ids) + bytes(created) + bytes(totals) + bytes(currencies) + bytes(statuses) + bytes(flags)
        total += bytes(payments) + bytes(fulfillments) + unmatchedSourceStatuses.reduce(0) { $0 + 64 + $1.value.utf8.count }
        total += bytes(itemCounts) + bytes(countries) + bytes(assignees) + bytes(versions) + bytes(tagSets)
        total += bytes(customers) + bytes(textStarts) + bytes(textLengths) + bytes(textMasks) + bytes(searchMasks) + bytes(text) + bytes(itemStarts)
        total += bytes(itemLengths) + bytes(itemPool) + bytes(products) * 3 + bytes(slotsByID)
        total += permutations.values.reduce(0) { $0 + bytes($1) } + bytes(customerRanks) + exactTotals.count * 48
        total += verbatimNumbers.reduce(0) { $0 + 96 + $1.value.number.utf8.count * 2 + $1.value.source.utf8.count }
        total += table(countryTable) + table(assigneeTable) + table(customerTable) + table(skuTable) + table(titleTable)
        total += tagSetTable.reduce(0) { $0 + 64 + $1.count * 16 } * 2
        total += bytes(risks) + bytes(ageStarts) + bytes(placeSets) + bytes(codeSets) + bytes(customerGroups)
        total += outstandings.ownedByteCount + placeSetTable.reduce(0) { $0 + 64 + ($1.cities.count + $1.postcodes.count) * 4 } * 2
        total += table(cityTable) + table(postcodeTable) + codeSetTable.reduce(0) { $0 + 64 + $1.count * 16 } * 2
        total += groupTable.ownedByteCount + bytes(groupCounts)
        return total
    }
}

extension OrderIndex {
    /// Writes every column, table and permutation to an index file, or reads them back
    /// (`IndexFileCoder`): the one list of what the file holds, in order. A new column is one line
    /// here (and a new `IndexFileHeader.formatVersion`); `IndexFileTests` fails on a column left out,
    /// because the index read back must equal the one written.
    mutating func transcode(with coder: inout some IndexFileCoder) throws {
        try coder.column(&ids)
        try coder.slotTexts(&verbatimNumbers, arity: 3, texts: { [$0.number, $0.folded, $0.source] },
                            value: { VerbatimNumber(number: $0[0], folded: $0[1], source: $0[2]) })
        try coder.column(&created)
        try coder.column(&totals)
        try coder.slotTexts(&exactTotals, arity: 1, texts: { [$0.description] }, value: Self.decimal)
        try coder.column(&currencies)
        var currencyCodes = currencyTable.map(\.code), currencyUnits = currencyTable.map { Int64($0.minorUnits) }
        try coder.strings(&currencyCodes)
        try coder.column(&currencyUnits)
        try coder.column(&statuses)
        try coder.column(&payments)
        try coder.column(&fulfillments)
        try coder.slotTexts(&unmatchedSourceStatuses, arity: 1, texts: { [$0] }, value: { $0[0] })
        try coder.column(&flags)
        try coder.column(&itemCounts)
        try coder.column(&countries)
        try countryTable.transcode(with: &coder)
        try coder.column(&assignees)
        try assigneeTable.transcode(with: &coder)
        try coder.column(&versions)
        try coder.column(&tagSets)
        try coder.stringLists(&tagSetTable)
        try coder.column(&customers)
        try customerTable.transcode(with: &coder)
        try coder.column(&textStarts)
        try coder.column(&textLengths)
        try coder.column(&textMasks)
        try coder.column(&searchMasks)
        try coder.column(&text)
        try coder.column(&itemStarts)
        try coder.column(&itemLengths)
        try coder.column(&itemPool)
        try coder.column(&products)
        try skuTable.transcode(with: &coder)
        try titleTable.transcode(with: &coder)
        try outstandings.transcode(with: &coder)
        try coder.column(&risks)
        try coder.column(&ageStarts)
        try coder.column(&placeSets)
        var cityCounts = placeSetTable.map { UInt32($0.cities.count) }, cityPool = placeSetTable.flatMap(\.cities)
        var postcodeCounts = placeSetTable.map { UInt32($0.postcodes.count) }, postcodePool = placeSetTable.flatMap(\.postcodes)
        try coder.column(&cityCounts)
        try coder.column(&cityPool)
        try coder.column(&postcodeCounts)
        try coder.column(&postcodePool)
        try cityTable.transcode(with: &coder)
        try postcodeTable.transcode(with: &coder)
        try coder.column(&codeSets)
        try coder.stringLists(&codeSetTable)
        try coder.column(&customerGroups)
        try groupTable.transcode(with: &coder)
        try coder.column(&groupCounts)
        try coder.column(&slotsByID)
        try coder.column(&customerRanks)
        var sortKeys = permutations.keys.map(\.rawValue).sorted()
        try coder.strings(&sortKeys)
        var readPermutations: [OrderSortKey: IndexColumn<Slot>] = [:]
        for name in sortKeys {
            guard let key = OrderSortKey(rawValue: name) else { throw IndexFileProblem.corrupt("an unknown sort column \(name)") }
            var permutation = permutations[key] ?? []
            try coder.column(&permutation)
            readPermutations[key] = permutation
        }
        // Kept so an index read back equals the one written; whoever installs it resets its caches.
        var generationColumn = [generation]
        try coder.column(&generationColumn)
        guard coder.isReading else { return }
        generation = generationColumn.first ?? 0
        permutations = readPermutations
        currencyTable = zip(currencyCodes, currencyUnits).map { Currency(code: $0, minorUnits: Int($1)) }
        placeSetTable = try zip(Self.split(cityPool, counts: cityCounts), Self.split(postcodePool, counts: postcodeCounts))
            .map { PlaceSet(cities: $0, postcodes: $1) }
        try checkColumnsAfterReading()
        tagSetLookup = Self.lookup(of: tagSetTable)
        productLookup = Self.lookup(of: products)
        placeSetLookup = Self.lookup(of: placeSetTable)
        codeSetLookup = Self.lookup(of: codeSetTable)
    }

    /// Every per-row column as long as `ids`, every table's lookup consistent: a file that reads
    /// otherwise is refused, never shown.
    private func checkColumnsAfterReading() throws {
        let rows = ids.count
        let lengths: [Int] = [
            created.count, totals.count, currencies.count, statuses.count, payments.count, fulfillments.count,
            flags.count, itemCounts.count, countries.count, assignees.count, versions.count, tagSets.count,
            customers.count, textStarts.count, textLengths.count, textMasks.count, searchMasks.count,
            itemStarts.count, itemLengths.count, risks.count, ageStarts.count, placeSets.count, codeSets.count,
            customerGroups.count, slotsByID.count,
        ]
        guard lengths.allSatisfy({ $0 == rows }), permutations.values.allSatisfy({ $0.count == rows }),
              groupCounts.count == groupTable.count, customerRanks.count == customerTable.count else {
            throw IndexFileProblem.corrupt("its columns are of different lengths")
        }
    }

    private static func decimal(_ texts: [String]) throws -> Decimal {
        guard let value = Decimal(string: texts[0], locale: Locale(identifier: "en_US_POSIX")) else {
            throw IndexFileProblem.corrupt("an amount reads \(texts[0])")
        }
        return value
    }

    private static func lookup<Value: Hashable>(of table: [Value]) -> [Value: UInt32] {
        Dictionary(table.enumerated().map { ($1, UInt32($0)) }, uniquingKeysWith: { first, _ in first })
    }

    private static func split(_ pool: [UInt32], counts: [UInt32]) throws -> [[UInt32]] {
        var result: [[UInt32]] = []
        result.reserveCapacity(counts.count)
        var start = 0
        for count in counts {
            let end = start + Int(count)
            guard end <= pool.count else { throw IndexFileProblem.corrupt("a place column runs past its entries") }
            result.append(Array(pool[start..<end]))
            start = end
        }
        return result
    }
}
