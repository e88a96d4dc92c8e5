/// One column of `OrderIndex`: its values either in an array this process owns, or read in place
/// from a mapped index file (`MappedIndexFile`), whose pages every process on the database shares.
///
/// A column read from the file costs no private memory until it changes: the first write (a live
/// change, a new order, a sort rebuilt) copies it into an owned array, and from then on it behaves
/// exactly as that array. Reads cost one predictable branch; the hot loops take the contiguous
/// buffer once (`withUnsafeBufferPointer`), which is the same either way.
struct IndexColumn<Element: BitwiseCopyable> {
    private var owned: [Element]
    private var mapped: MappedSpan?

    /// Values in a mapped file, kept alive by holding the mapping.
    private struct MappedSpan: @unchecked Sendable {
        // @unchecked: the pointer is into a read-only mapping that `file` keeps mapped; it is only read.
        let file: MappedIndexFile
        let values: UnsafeBufferPointer<Element>
    }

    init() {
        owned = []
        mapped = nil
    }

    init(_ values: [Element]) {
        owned = values
        mapped = nil
    }

    /// `count` values of `Element` from `start`, inside `file`'s mapping, read in place. `start` must
    /// suit `Element`'s alignment (the file aligns every column to eight bytes; the reader checks).
    init(mappedFrom file: MappedIndexFile, start: UnsafeRawPointer, count: Int) {
        owned = []
        mapped = MappedSpan(file: file, values: UnsafeBufferPointer(start: start.bindMemory(to: Element.self, capacity: count), count: count))
    }

    /// True while the values are read from a mapped file (not yet changed by this process).
    var isMapped: Bool { mapped != nil }

    /// Copies mapped values into an owned array before the first change.
    private mutating func own() {
        guard let mapped else { return }
        owned = Array(mapped.values)
        self.mapped = nil
    }

    func withUnsafeBufferPointer<Result>(_ body: (UnsafeBufferPointer<Element>) throws -> Result) rethrows -> Result {
        if let mapped { return try body(mapped.values) }
        return try owned.withUnsafeBufferPointer(body)
    }

    mutating func withUnsafeMutableBufferPointer<Result>(_ body: (inout UnsafeMutableBufferPointer<Element>) throws -> Result) rethrows -> Result {
        own()
        return try owned.withUnsafeMutableBufferPointer(body)
    }

    /// Bytes of memory this process holds for the column (none while it is read from the mapping).
    var ownedByteCount: Int { mapped == nil ? owned.capacity * MemoryLayout<Element>.stride : 0 }
}

extension IndexColumn: RandomAccessCollection, MutableCollection {
    var startIndex: Int { 0 }
    var endIndex: Int { mapped?.values.count ?? owned.count }
    var count: Int { endIndex }

    subscript(position: Int) -> Element {
        get {
            if let mapped {
                // Checked as an array's subscript is: a bad position traps rather than reading outside the mapping.
                precondition(position >= 0 && position < mapped.values.count, "IndexColumn index out of range")
                return mapped.values[position]
            }
            return owned[position]
        }
        set {
            own()
            owned[position] = newValue
        }
    }

    func withContiguousStorageIfAvailable<Result>(_ body: (UnsafeBufferPointer<Element>) throws -> Result) rethrows -> Result? {
        try withUnsafeBufferPointer(body)
    }

    mutating func withContiguousMutableStorageIfAvailable<Result>(_ body: (inout UnsafeMutableBufferPointer<Element>) throws -> Result) rethrows -> Result? {
        try withUnsafeMutableBufferPointer(body)
    }
}

extension IndexColumn: RangeReplaceableCollection {
    init(repeating value: Element, count: Int) {
        self.init([Element](repeating: value, count: count))
    }

    init<Values: Sequence<Element>>(_ values: Values) {
        self.init(Array(values))
    }

    mutating func replaceSubrange<Replacement: Collection<Element>>(_ range: Range<Int>, with values: Replacement) {
        own()
        owned.replaceSubrange(range, with: values)
    }

    mutating func reserveCapacity(_ capacity: Int) {
        own()
        owned.reserveCapacity(capacity)
    }

    mutating func append(_ value: Element) {
        own()
        owned.append(value)
    }

    mutating func append<Values: Sequence<Element>>(contentsOf values: Values) {
        own()
        owned.append(contentsOf: values)
    }

    mutating func insert(_ value: Element, at position: Int) {
        own()
        owned.insert(value, at: position)
    }

    @discardableResult
    mutating func remove(at position: Int) -> Element {
        own()
        return owned.remove(at: position)
    }

    mutating func removeAll(keepingCapacity keep: Bool = false) {
        mapped = nil
        owned.removeAll(keepingCapacity: keep)
    }
}

extension IndexColumn: ExpressibleByArrayLiteral {
    init(arrayLiteral values: Element...) {
        self.init(values)
    }
}

extension IndexColumn where Element: Equatable {
    /// Writes a value only when it differs: an order changed elsewhere rewrites its whole row, and
    /// the columns the change leaves alone stay in the mapping instead of being copied.
    mutating func update(_ position: Int, to value: Element) {
        if self[position] != value { self[position] = value }
    }
}

extension IndexColumn: Equatable where Element: Equatable {
    static func == (lhs: IndexColumn, rhs: IndexColumn) -> Bool {
        lhs.elementsEqual(rhs)
    }
}

extension IndexColumn: Sendable where Element: Sendable {}
