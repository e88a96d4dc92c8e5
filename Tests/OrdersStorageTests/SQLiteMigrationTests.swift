import Foundation
@testable import OrdersCore
@testable import OrdersStorage
import OrdersTestSupport
import Testing

/// A database made by the build before order numbers, payment and fulfilment were kept apart
/// opens with everything in it: orders, lines, tags, notes, history and flags.
@Suite("SQLite migration from schema 1")
struct SQLiteMigrationTests {
    /// Schema 1 exactly as it shipped (copied, so a later edit of the migrations cannot hide a loss).
    static let schemaOne = """
        CREATE TABLE orders (
            id             INTEGER PRIMARY KEY,   -- OrderID.number
            customer       TEXT    NOT NULL,
            email          TEXT    NOT NULL,
            country        TEXT    NOT NULL,
            currency       TEXT    NOT NULL,      -- ISO 4217 code
            discount_minor INTEGER NOT NULL,      -- money: whole minor units of the currency
            shipping_minor INTEGER NOT NULL,
            tax_minor      INTEGER NOT NULL,
            created_ms     INTEGER NOT NULL,      -- timestamps: UTC milliseconds since 1970
            updated_ms     INTEGER NOT NULL,
            status         INTEGER NOT NULL,      -- OrderStatus.workflowRank
            flagged        INTEGER NOT NULL,
            assignee       TEXT,
            version        INTEGER NOT NULL,
            -- Derived from the columns above and the child rows; rewritten with them.
            total_e4       INTEGER NOT NULL,      -- total × 10⁴: comparable across currencies
            item_count     INTEGER NOT NULL,
            customer_key   TEXT    NOT NULL,      -- SearchFolding.fold(customer), sorted bytewise
            search_key     TEXT    NOT NULL,      -- folded id, customer, email, SKUs, titles
            country_key    TEXT    NOT NULL,      -- upper-cased country
            assignee_key   TEXT,                  -- folded assignee
            tags_key       TEXT    NOT NULL       -- folded tags between U+001F separators
        );
        CREATE TABLE line_items (
            order_id         INTEGER NOT NULL,
            position         INTEGER NOT NULL,
            sku              TEXT    NOT NULL,
            title            TEXT    NOT NULL,
            quantity         INTEGER NOT NULL,
            unit_price_minor INTEGER NOT NULL,
            PRIMARY KEY (order_id, position)
        ) WITHOUT ROWID;
        CREATE TABLE tags (
            order_id INTEGER NOT NULL,
            position INTEGER NOT NULL,
            tag      TEXT    NOT NULL,
            PRIMARY KEY (order_id, position)
        ) WITHOUT ROWID;
        CREATE TABLE notes (
            order_id   INTEGER NOT NULL,
            position   INTEGER NOT NULL,
            created_ms INTEGER NOT NULL,
            author     TEXT    NOT NULL,
            text       TEXT    NOT NULL,
            PRIMARY KEY (order_id, position)
        ) WITHOUT ROWID;
        CREATE TABLE audit_log (
            id        INTEGER PRIMARY KEY,
            order_id  INTEGER NOT NULL,
            version   INTEGER NOT NULL,           -- the order version this change produced
            at_ms     INTEGER NOT NULL,
            actor     TEXT    NOT NULL,
            field     TEXT    NOT NULL,
            old_value TEXT,
            new_value TEXT
        );
        CREATE INDEX audit_log_by_order ON audit_log (order_id, id);
        -- What each committed write touched, so other processes can refresh just that.
        -- A NULL order_id means "too much to list: reload everything".
        CREATE TABLE change_log (
            seq      INTEGER PRIMARY KEY AUTOINCREMENT,
            writer   TEXT    NOT NULL,
            order_id INTEGER
        );
        CREATE INDEX orders_by_created  ON orders (created_ms, id);
        CREATE INDEX orders_by_customer ON orders (customer_key, id);
        CREATE INDEX orders_by_total    ON orders (total_e4, id);
        CREATE INDEX orders_by_status   ON orders (status, id);
        CREATE INDEX orders_by_items    ON orders (item_count, id);
        CREATE INDEX orders_flagged     ON orders (id) WHERE flagged = 1;
        CREATE INDEX orders_by_assignee ON orders (assignee_key);
        CREATE INDEX orders_by_country  ON orders (country_key);
        """

    static let created = Date(timeIntervalSince1970: 1_790_000_000)

    /// Two orders as schema 1 held them (a flagged processing one with a note; a cancelled one with
    /// a negative key, which prints as `ORD-00000-5`), with their child rows and history.
    static func makeSchemaOneDatabase(at path: String) throws {
        let connection = try SQLiteConnection(path: path, create: true)
        try connection.execute(schemaOne)
        try connection.execute("""
            INSERT INTO orders VALUES
              (12, 'Aoife Wood', 'aoife@example.ie', 'IE', 'EUR', 500, 490, 0, 1790000000000, 1790000060000,
               1, 1, 'alice', 3, 1000000, 2, 'aoife wood', 'ord-0000012', 'IE', 'alice', ''),
              (-5, '渡辺 翼', 'tsubasa@example.jp', 'JP', 'JPY', 0, 0, 0, 1790000000000, 1790000000000,
               4, 0, NULL, 2, 312400000, 1, '渡辺 翼', 'ord-00000-5', 'JP', NULL, '');
            INSERT INTO line_items VALUES (12, 0, 'MUG-1', 'Mug', 2, 4505), (-5, 0, 'TEA-9', 'Sencha', 1, 31240);
            INSERT INTO tags VALUES (12, 0, 'vip'), (12, 1, 'gift');
            INSERT INTO notes VALUES (12, 0, 1790000030000, 'alice', 'Wrap it.
            Twice.');
            INSERT INTO audit_log (order_id, version, at_ms, actor, field, old_value, new_value) VALUES
              (12, 2, 1790000030000, 'alice', 'status', 'pending', 'processing'),
              (12, 3, 1790000060000, 'alice', 'flagged', 'false', 'true'),
              (-5, 2, 1790000000000, 'bob', 'status', 'pending', 'cancelled');
            PRAGMA application_id = \(SQLiteSchema.applicationID);
            PRAGMA user_version = 1;
            """)
    }

    @Test func everyOrderNoteHistoryEntryAndFlagSurvives() async throws {
        let directory = try TemporaryDirectory.make()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("old.db").path
        try Self.makeSchemaOneDatabase(at: path)

        let store = try SQLiteOrderStore(path: path)
        let first = Order(
            id: OrderID(12), number: "ORD-0000012", source: "local", customerName: "Aoife Wood", email: "aoife@example.ie",
            country: "IE", currency: .eur, items: [LineItem(sku: "MUG-1", title: "Mug", quantity: 2, unitPrice: Decimal(string: "45.05")!)],
            discount: 5, shipping: Decimal(string: "4.90")!, tax: 0, createdAt: Self.created,
            updatedAt: Self.created.addingTimeInterval(60), status: .processing, flagged: true, tags: ["vip", "gift"],
            assignee: "alice", notes: [OrderNote(createdAt: Self.created.addingTimeInterval(30), author: "alice", text: "Wrap it.\nTwice.")],
            version: 3)
        let second = Order(
            id: OrderID(-5), number: "ORD-00000-5", source: "local", customerName: "渡辺 翼", email: "tsubasa@example.jp",
            country: "JP", currency: .jpy, items: [LineItem(sku: "TEA-9", title: "Sencha", quantity: 1, unitPrice: 31_240)],
            createdAt: Self.created, status: .cancelled, version: 2)
        #expect(try await store.order(OrderID(12)) == first)
        #expect(try await store.order(OrderID(-5)) == second)
        #expect(OrderID(-5).description == "ORD-00000-5", "the migration printed the number as the key printed it")
        // Each entry keeps its place (id); no source, as schema 1 did not keep which door an entry came through.
        #expect(try await store.history(of: OrderID(12)) == [
            AuditEntry(orderID: OrderID(12), at: Self.created.addingTimeInterval(30), actor: "alice", field: "status",
                       oldValue: "pending", newValue: "processing", version: 2, source: nil, id: 1),
            AuditEntry(orderID: OrderID(12), at: Self.created.addingTimeInterval(60), actor: "alice", field: "flagged",
                       oldValue: "false", newValue: "true", version: 3, source: nil, id: 2),
        ])
        #expect(try await store.history(of: OrderID(-5)) == [
            AuditEntry(orderID: OrderID(-5), at: Self.created, actor: "bob", field: "status", oldValue: "pending", newValue: "cancelled",
                       version: 2, source: nil, id: 3),
        ])
        // Numbers are found as people know them, and the (source, number) pair is now unique.
        #expect(try await store.order(named: OrderReference("ORD-0000012")!).id == OrderID(12))
        let found = try await store.orders(matching: OrderQuery(filters: [OrderFilter(.text("0000012"))]), page: PageRequest(limit: 10))
        #expect(found.orders.map(\.id) == [OrderID(12)])
        await #expect(throws: OrderStoreError.duplicateNumber(OrderReference(source: "local", number: "ORD-0000012"))) {
            var clash = second
            clash.id = OrderID(99)
            clash.number = "ORD-0000012"
            try await store.insert([clash])
        }
    }
}
