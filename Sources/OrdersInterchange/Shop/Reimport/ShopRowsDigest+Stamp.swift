import Foundation
import OrdersStorage

extension ShopRowsDigest {
    /// Bump whenever what a shop's CSV rows become changes (a reader or `ShopOrderMapper` reads a
    /// field differently, a new field is read), or what merging them into a stored order gives
    /// (`ShopOwnership`, `StoreRules.isSame`): a stored digest stands for "these rows merged into this
    /// version change nothing". Every stored digest then differs from today's, and the next re-import
    /// takes the full path once, mapping and merging every order, and stores new ones.
    static let readingVersion = 1

    /// The digest of everything an order's rows are read with: the reading code's version, the
    /// format, the import's options that change what a row becomes (the zone of dates without
    /// one, the source every order gets) and the header (the same row under another header is
    /// another order). Any change of these makes every digest differ, so nothing is skipped.
    struct Stamp {
        private let state: FNV1a

        /// Nil for the formats a re-import does not digest: JSON (read whole, one document) and a
        /// mapped CSV (its mapping file would have to be part of the stamp; not done yet).
        init?(format: ShopFormat, zone: TimeZone, source: String?, header: [String]) {
            switch format {
            case .shopifyCSV, .wooCommerceCSV: break
            case .mappedCSV, .shopifyJSON, .shopifyJSONL, .wooCommerceJSON: return nil
            }
            var state = FNV1a()
            state.add("orders shop rows \(ShopRowsDigest.readingVersion)")
            state.add(format.rawValue)
            state.add(zone.identifier)
            state.add(source ?? "")
            state.add(fields: header)
            self.state = state
        }

        /// One order's rows, in the file's order.
        func digest(of rows: some Collection<CSVRecord>) -> ShopRowsDigest {
            var state = self.state
            state.add(count: rows.count)
            for row in rows { state.add(record: row) }
            return ShopRowsDigest(value: state.value)
        }
    }

    /// FNV-1a over 128 bits, fed texts with their lengths so that no two lists of fields feed the same bytes.
    private struct FNV1a {
        private(set) var value: UInt128 = 0x6c62_272e_07bb_0142_62b8_2175_6295_c58d
        private static let prime: UInt128 = 0x0000_0000_0100_0000_0000_0000_0000_013B

        mutating func add(count: Int) {
            var count = UInt64(count)
            for _ in 0..<8 {
                add(byte: UInt8(truncatingIfNeeded: count))
                count >>= 8
            }
        }

        mutating func add(_ text: String) {
            var text = text
            text.withUTF8 { add(bytes: $0) }
        }

        mutating func add(fields: [String]) {
            add(count: fields.count)
            for field in fields { add(field) }
        }

        /// A record's fields from their bytes, fed as `add(fields:)` feeds the same fields as text.
        mutating func add(record: CSVRecord) {
            add(count: record.count)
            for index in 0..<record.count {
                record.withBytes(ofField: index) { add(bytes: $0) }
            }
        }

        private mutating func add(bytes: UnsafeBufferPointer<UInt8>) {
            add(count: bytes.count)
            for byte in bytes { add(byte: byte) }
        }

        private mutating func add(byte: UInt8) {
            value = (value ^ UInt128(byte)) &* Self.prime
        }
    }
}

