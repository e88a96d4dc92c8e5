import Foundation
@testable import OrdersCore
@testable import OrdersInterchange
@testable import OrdersStorage
import OrdersTestSupport
import TerminalTestSupport
import Testing

/// Bulk writes go to PostgreSQL with `COPY … FROM STDIN` (`PostgresConnection.copy`): every value
/// arrives verbatim, whatever characters it holds, in as many chunks as it takes, and a refusal
/// (a NUL, a duplicate key) writes nothing.
@Suite("PostgreSQL COPY: bulk writes arrive verbatim (real server)")
struct PostgresCopyTests {
    static let awkward: [String?] = [
        "tab\there", "line\nbreak", "carriage\rreturn", "back\\slash", "\\N", "\\.", "\\", "", " ", nil,
        "end\\", "\\t not a tab", "Zoë 王秀英 🚚", "\u{202E}bidi", "\u{1B}[31mred", "\"quoted\", 'and' commas,",
    ]

    @Test("every value comes back as it was sent, nil as NULL and the empty text as empty")
    func valuesArriveVerbatim() throws {
        let connection = try PostgresConnection(connectionString: try PostgresTestServer.shared.get().makeDatabase())
        try connection.executeScript("CREATE TABLE copied (n integer PRIMARY KEY, value text)")
        let rows = Self.awkward.enumerated().map { [String($0.offset), $0.element] }
        try connection.copy(into: "copied", columns: ["n", "value"], rows: rows)
        let back = try connection.execute("SELECT n, value FROM copied ORDER BY n").rows
        #expect(back == rows)
    }

    @Test("rows larger than one chunk arrive whole and in order")
    func manyChunks() throws {
        let connection = try PostgresConnection(connectionString: try PostgresTestServer.shared.get().makeDatabase())
        try connection.executeScript("CREATE TABLE copied (n integer PRIMARY KEY, value text)")
        let value = String(repeating: "x\t", count: 100)
        let rows: [[String?]] = (0..<12_000).map { [String($0), "\(value)\($0)"] }
        #expect(rows.count * value.utf8.count > 2 * PostgresConnection.copyChunkBytes)
        try connection.copy(into: "copied", columns: ["n", "value"], rows: rows)
        #expect(try connection.execute("SELECT count(*), min(n), max(n) FROM copied").rows == [["12000", "0", "11999"]])
        #expect(try connection.execute("SELECT value FROM copied WHERE n = 11999").scalar == "\(value)11999")
    }

    @Test("a NUL is refused before anything is sent; a duplicate key fails the whole COPY")
    func refusalsWriteNothing() throws {
        let connection = try PostgresConnection(connectionString: try PostgresTestServer.shared.get().makeDatabase())
        try connection.executeScript("CREATE TABLE copied (n integer PRIMARY KEY, value text)")
        #expect(throws: PostgresError.self) {
            try connection.copy(into: "copied", columns: ["n", "value"], rows: [["1", "fine"], ["2", "nul\u{0}here"]])
        }
        #expect(throws: PostgresError.self) {
            try connection.copy(into: "copied", columns: ["n", "value"], rows: [["1", "first"], ["1", "again"]])
        }
        #expect(try connection.execute("SELECT count(*) FROM copied").scalar == "0")
        // The connection is usable afterwards.
        try connection.copy(into: "copied", columns: ["n", "value"], rows: [["3", "after"]])
        #expect(try connection.execute("SELECT n, value FROM copied").rows == [["3", "after"]])
    }

    @Test("orders written in bulk read back equal, their text verbatim")
    func ordersRoundTrip() async throws {
        let store = try PostgresOrderStore(connectionString: try PostgresTestServer.shared.get().makeDatabase())
        var orders = DemoDataGenerator(seed: 3, now: OrderFixtures.now).orders(count: 30)
        for (index, text) in Self.awkward.compactMap({ $0 }).enumerated() {
            orders[index].notes = [OrderNote(createdAt: OrderFixtures.now, author: "ana", text: "note \(index): \(text)")]
        }
        for (index, text) in ["back\\slash", "\\N", "\\.", "end\\", "Zoë 王秀英 🚚", "\"quoted\", 'and'"].enumerated() {
            orders[20 + index].customerName = text
        }
        try await store.insert(orders)
        for order in orders {
            let stored = try #require(try await store.order(order.id))
            #expect(stored.customerName == order.customerName)
            #expect(stored.notes == order.notes)
            #expect(stored.items == order.items)
        }
    }
}
