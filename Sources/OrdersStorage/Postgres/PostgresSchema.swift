import OrdersCore

/// The PostgreSQL layout, built by numbered migrations like `SQLiteSchema`'s, with the
/// same tables and columns so both stores keep the same facts. `orders_schema` records the
/// last migration applied; a database with a higher number was made by a newer build.
///
/// Differences from SQLite, each for PostgreSQL's sake: flags are `boolean`; the folded
/// keys that are sorted or searched use the "C" collation (bytewise, as the reference
/// compares them, whatever the server's default locale); child rows belong to their order
/// (`ON DELETE CASCADE`), while the audit log outlives a replaced order as in SQLite.
enum PostgresSchema {
    /// The advisory lock key every migration holds ("ORDS", as SQLite's application id), so two
    /// processes starting at once on an empty database do not both create the tables.
    static let migrationLock: Int64 = 0x4F52_4453

    /// Migration n (1-based) turns schema n−1 into schema n. Append only; never edit one that shipped.
    static let migrations: [String] = [
        """
        CREATE TABLE orders (
            id             bigint  PRIMARY KEY,   -- OrderID.number
            number         text    NOT NULL,      -- the shop's number, verbatim
            source         text    NOT NULL,
            shop_id        text,
            customer       text    NOT NULL,
            email          text    NOT NULL,
            country        text    NOT NULL,
            currency       text    NOT NULL,      -- ISO 4217 code
            discount_minor bigint  NOT NULL,      -- money: whole minor units of the currency
            shipping_minor bigint  NOT NULL,
            tax_minor      bigint  NOT NULL,
            created_ms     bigint  NOT NULL,      -- timestamps: UTC milliseconds since 1970
            updated_ms     bigint  NOT NULL,
            status         integer NOT NULL,      -- the derived triage state, OrderStatus.workflowRank
            payment        text    NOT NULL,
            fulfillment    text    NOT NULL,
            cancelled_ms   bigint,
            cancel_reason  text,
            closed         boolean NOT NULL,
            source_status  text,
            flagged        boolean NOT NULL,
            assignee       text,
            version        bigint  NOT NULL,
            -- Derived from the columns above and the child rows (`SearchKeys`); rewritten with them.
            total_e4       bigint  NOT NULL,      -- total × 10⁴: comparable across currencies
            item_count     integer NOT NULL,
            customer_key   text    COLLATE "C" NOT NULL,
            search_key     text    COLLATE "C" NOT NULL,
            country_key    text    COLLATE "C" NOT NULL,
            assignee_key   text    COLLATE "C",
            tags_key       text    COLLATE "C" NOT NULL,
            CONSTRAINT orders_source_number UNIQUE (source, number)
        );
        CREATE TABLE line_items (
            order_id         bigint  NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
            position         integer NOT NULL,
            sku              text    NOT NULL,
            title            text    NOT NULL,
            quantity         integer NOT NULL,
            unit_price_minor bigint  NOT NULL,
            PRIMARY KEY (order_id, position)
        );
        CREATE TABLE tags (
            order_id bigint  NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
            position integer NOT NULL,
            tag      text    NOT NULL,
            PRIMARY KEY (order_id, position)
        );
        CREATE TABLE notes (
            order_id   bigint  NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
            position   integer NOT NULL,
            created_ms bigint  NOT NULL,
            author     text    NOT NULL,
            text       text    NOT NULL,
            PRIMARY KEY (order_id, position)
        );
        CREATE TABLE audit_log (
            id        bigserial PRIMARY KEY,
            order_id  bigint  NOT NULL,
            version   bigint  NOT NULL,          -- the order version this change produced
            at_ms     bigint  NOT NULL,
            actor     text    NOT NULL,
            field     text    NOT NULL,
            old_value text,
            new_value text
        );
        CREATE INDEX audit_log_by_order ON audit_log (order_id, id);
        CREATE INDEX orders_by_created  ON orders (created_ms, id);
        CREATE INDEX orders_by_customer ON orders (customer_key, id);
        CREATE INDEX orders_by_total    ON orders (total_e4, id);
        CREATE INDEX orders_by_status   ON orders (status, id);
        CREATE INDEX orders_by_items    ON orders (item_count, id);
        CREATE INDEX orders_flagged     ON orders (id) WHERE flagged;
        CREATE INDEX orders_by_assignee ON orders (assignee_key);
        CREATE INDEX orders_by_country  ON orders (country_key);
        CREATE INDEX orders_by_number   ON orders (number);
        """,
        // 2: live updates. Every statement that writes orders notifies `orders_changes` on commit
        // with the keys it touched, comma-separated, or `*` when there are too many to list
        // (a notification carries at most 8,000 bytes; 200 keys of up to 20 characters fit).
        // Child rows are only ever written together with their order row, so this sees them too.
        """
        CREATE FUNCTION orders_notify_changes() RETURNS trigger LANGUAGE plpgsql AS $$
        DECLARE
            keys text;
        BEGIN
            SELECT CASE WHEN count(*) > 200 THEN '*' ELSE string_agg(id::text, ',') END INTO keys FROM changed_rows;
            IF keys IS NOT NULL THEN
                PERFORM pg_notify('orders_changes', keys);
            END IF;
            RETURN NULL;
        END
        $$;
        CREATE TRIGGER orders_inserted AFTER INSERT ON orders REFERENCING NEW TABLE AS changed_rows
            FOR EACH STATEMENT EXECUTE FUNCTION orders_notify_changes();
        CREATE TRIGGER orders_updated AFTER UPDATE ON orders REFERENCING NEW TABLE AS changed_rows
            FOR EACH STATEMENT EXECUTE FUNCTION orders_notify_changes();
        CREATE TRIGGER orders_deleted AFTER DELETE ON orders REFERENCING OLD TABLE AS changed_rows
            FOR EACH STATEMENT EXECUTE FUNCTION orders_notify_changes();
        """,
        // 3: SQLite's schema 4 — money as shops have it (taxes included, discount codes, fees and
        // duties, the shop's stated total, the shop's currency beside the customer's), refunds as
        // records, and people and places. Existing orders keep their money exactly: taxes excluded,
        // no codes, adjustments, stated total or refunds. Money is in whole minor units of the
        // order's currency, like every *_minor column; total_e4 is the shop total's key when there is one.
        """
        ALTER TABLE orders
            ADD COLUMN taxes_included     boolean NOT NULL DEFAULT false,
            ADD COLUMN stated_total_minor bigint,
            ADD COLUMN shop_currency      text,      -- the shop's currency when the customer paid in another
            ADD COLUMN shop_total_minor   bigint,    -- minor units of shop_currency
            ADD COLUMN exchange_rate      text,      -- the source's rate, as exact decimal text
            ADD COLUMN phone              text,
            ADD COLUMN customer_ref       text,      -- the shop's customer id (customer_key is the folded name)
            ADD COLUMN shipping_method    text,
            ADD COLUMN payment_method     text,
            ADD COLUMN risk               text,      -- RiskLevel: low, medium, high
            ADD COLUMN customer_note      text,
            ADD COLUMN paid_ms            bigint,
            ADD COLUMN fulfilled_ms       bigint;
        CREATE TABLE addresses (
            order_id bigint NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
            kind     text   NOT NULL,      -- shipping, billing
            name     text,
            company  text,
            lines    text   NOT NULL,      -- street lines, one per line of text
            city     text,
            postcode text,
            region   text,
            country  text,
            phone    text,
            PRIMARY KEY (order_id, kind)
        );
        CREATE TABLE tracking_numbers (
            order_id bigint  NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
            position integer NOT NULL,
            number   text    NOT NULL,
            PRIMARY KEY (order_id, position)
        );
        CREATE TABLE note_attributes (
            order_id bigint  NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
            position integer NOT NULL,
            key      text    NOT NULL,
            value    text    NOT NULL,
            PRIMARY KEY (order_id, position)
        );
        CREATE TABLE discount_codes (
            order_id     bigint  NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
            position     integer NOT NULL,
            code         text    NOT NULL,
            amount_minor bigint  NOT NULL,
            PRIMARY KEY (order_id, position)
        );
        CREATE TABLE adjustments (
            order_id     bigint  NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
            position     integer NOT NULL,
            kind         text    NOT NULL,      -- OrderAdjustment.Kind: fee, duty
            label        text    NOT NULL,
            amount_minor bigint  NOT NULL,
            PRIMARY KEY (order_id, position)
        );
        CREATE TABLE refunds (
            order_id       bigint  NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
            position       integer NOT NULL,      -- oldest first
            refund_id      text    NOT NULL,
            created_ms     bigint  NOT NULL,
            reason         text,
            amount_minor   bigint  NOT NULL,      -- shipping included
            shipping_minor bigint  NOT NULL,
            restock        boolean NOT NULL,
            PRIMARY KEY (order_id, position)
        );
        CREATE TABLE refund_lines (
            order_id        bigint  NOT NULL,
            refund_position integer NOT NULL,     -- refunds.position
            position        integer NOT NULL,
            line_position   integer NOT NULL,     -- line_items.position of the line returned
            quantity        integer NOT NULL,
            PRIMARY KEY (order_id, refund_position, position),
            FOREIGN KEY (order_id, refund_position) REFERENCES refunds (order_id, position) ON DELETE CASCADE
        );
        """,
        // 4: SQLite's schema 5 — keys for the shop's search terms, derived like the keys of migration 1;
        // `deriveShopSearchKeys` computes those of orders with refunds, addresses or a shop currency.
        """
        ALTER TABLE orders
            ADD COLUMN outstanding_e4 bigint NOT NULL DEFAULT 0,          -- Order.outstanding × 10⁴, the order's currency
            ADD COLUMN city_key       text   COLLATE "C" NOT NULL DEFAULT '', -- folded cities of both addresses, U+001F between
            ADD COLUMN postcode_key   text   COLLATE "C" NOT NULL DEFAULT '', -- folded postcodes, likewise
            ADD COLUMN customer_group text   COLLATE "C";                 -- Order.customerGroup
        UPDATE orders SET outstanding_e4 = total_e4,
            customer_group = CASE
                WHEN customer_ref IS NOT NULL AND customer_ref <> '' THEN 'key' || chr(31) || customer_ref
                WHEN email <> '' THEN 'email' || chr(31) || lower(email COLLATE "C")
            END;
        CREATE INDEX orders_by_customer_group ON orders (customer_group);
        CREATE INDEX orders_by_age            ON orders ((coalesce(paid_ms, created_ms)));
        CREATE INDEX orders_by_risk           ON orders (risk);
        CREATE INDEX discount_codes_by_code   ON discount_codes ((lower(code COLLATE "C")));
        """,
        // 5: SQLite's schema 6 — the quantity sent per line: every unit of an order that was fulfilled
        // (or sent and returned), none of any other.
        """
        ALTER TABLE line_items ADD COLUMN fulfilled_quantity integer NOT NULL DEFAULT 0;
        UPDATE line_items SET fulfilled_quantity = quantity
            WHERE order_id IN (SELECT id FROM orders WHERE fulfillment IN ('fulfilled', 'returned'));
        """,
        // 6: SQLite's schema 7 — saved views shared by the team, seeded once with the default set
        // (`DefaultViews`); every statement that writes them notifies `orders_changes` with `views`.
        """
        CREATE TABLE views (
            id         bigserial PRIMARY KEY,                -- tab order: first saved first
            name       text   NOT NULL,                      -- verbatim
            name_key   text   COLLATE "C" NOT NULL UNIQUE,   -- SavedViewName.key: lower-cased
            query      text   NOT NULL,                      -- the search text as typed
            sort       text   NOT NULL,                      -- FIELD:dir
            columns    text   NOT NULL,                      -- ListColumn names, comma-separated
            created_ms bigint NOT NULL,
            updated_ms bigint NOT NULL,
            updated_by text   NOT NULL
        );
        INSERT INTO views (name, name_key, query, sort, columns, created_ms, updated_ms, updated_by)
            SELECT name, lower(name), query, sort, 'number,date,age,customer,items,total,status', now_ms, now_ms, 'orders'
            FROM (SELECT (extract(epoch FROM clock_timestamp()) * 1000)::bigint AS now_ms) AS clock,
                 (VALUES (1, 'To fulfil', 'status:processing -ship:on_hold', 'date:asc'),
                         (2, 'Unpaid > 3 days', 'status:pending age>3d', 'date:asc'),
                         (3, 'High risk', 'risk:high status:pending,processing', 'total:desc'),
                         (4, 'Mine', 'assignee:me status:pending,processing', 'date:asc')) AS seeds (position, name, query, sort)
            ORDER BY position;
        CREATE FUNCTION orders_notify_views() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            PERFORM pg_notify('orders_changes', 'views');
            RETURN NULL;
        END
        $$;
        CREATE TRIGGER views_changed AFTER INSERT OR UPDATE OR DELETE ON views
            FOR EACH STATEMENT EXECUTE FUNCTION orders_notify_views();
        """,
        // 7: the list's counts and sums without a scan (`PostgresOrderDatabase+Tally`). Every statement
        // that writes orders appends what it added and took away per status and reporting currency;
        // a group's rows summed are its count and its total. Only appends, never an update, so
        // concurrent writers never wait for each other here; readers fold the rows together now and
        // then. The triggers are created before the orders are counted: CREATE TRIGGER holds off other
        // writers until this commits, so no write falls between the count and the triggers.
        """
        CREATE TABLE order_tally (
            status   integer NOT NULL,      -- OrderStatus.workflowRank
            currency text    NOT NULL,      -- coalesce(shop_currency, currency): the currency total_e4 is in
            orders   bigint  NOT NULL,      -- orders added (negative: taken away)
            total_e4 numeric NOT NULL       -- their total_e4 added (negative: taken away)
        );
        CREATE FUNCTION orders_tally_changes() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            IF TG_OP = 'INSERT' THEN
                INSERT INTO order_tally
                    SELECT status, coalesce(shop_currency, currency), count(*), sum(total_e4) FROM new_rows GROUP BY 1, 2;
            ELSIF TG_OP = 'DELETE' THEN
                INSERT INTO order_tally
                    SELECT status, coalesce(shop_currency, currency), -count(*), -sum(total_e4) FROM old_rows GROUP BY 1, 2;
            ELSE
                INSERT INTO order_tally
                    SELECT status, currency, sum(orders), sum(total_e4) FROM (
                        SELECT status, coalesce(shop_currency, currency) AS currency, 1 AS orders, total_e4::numeric FROM new_rows
                        UNION ALL
                        SELECT status, coalesce(shop_currency, currency), -1, -total_e4::numeric FROM old_rows
                    ) AS moved
                    GROUP BY 1, 2 HAVING sum(orders) <> 0 OR sum(total_e4) <> 0;
            END IF;
            RETURN NULL;
        END
        $$;
        CREATE TRIGGER orders_tally_inserted AFTER INSERT ON orders REFERENCING NEW TABLE AS new_rows
            FOR EACH STATEMENT EXECUTE FUNCTION orders_tally_changes();
        CREATE TRIGGER orders_tally_updated AFTER UPDATE ON orders REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
            FOR EACH STATEMENT EXECUTE FUNCTION orders_tally_changes();
        CREATE TRIGGER orders_tally_deleted AFTER DELETE ON orders REFERENCING OLD TABLE AS old_rows
            FOR EACH STATEMENT EXECUTE FUNCTION orders_tally_changes();
        INSERT INTO order_tally
            SELECT status, coalesce(shop_currency, currency), count(*), sum(total_e4) FROM orders GROUP BY 1, 2;
        """,
        // 8: SQLite's schema 8 — the team's names without a scan (`OperatorNames.distinctSQL`).
        """
        CREATE INDEX orders_by_assignee_name ON orders (assignee);
        CREATE INDEX audit_log_by_actor      ON audit_log (actor);
        """,
        // 9: SQLite's schema 9 — a line's total as its shop stated it when it is not unit price × quantity
        // (`LineItem+StatedTotal.swift`); NULL for every other line, so every order written before is unchanged.
        """
        ALTER TABLE line_items ADD COLUMN line_total_minor bigint; -- money: whole minor units, or NULL
        """,
        // 10: the connected shops, as SQLite's migration 10.
        """
        CREATE TABLE shops (
            name              text    PRIMARY KEY,
            platform          text    NOT NULL,
            url               text    NOT NULL,
            ca_file           text,
            credentials_file  text    NOT NULL,
            pulled_through_ms bigint,
            last_pull_ms      bigint,
            orders_pulled     bigint  NOT NULL DEFAULT 0,
            last_error        text,
            created_ms        bigint  NOT NULL
        );
        """,
        // 11: the team's rules, as SQLite's migration 11.
        """
        CREATE TABLE rules (
            name             text    PRIMARY KEY,
            query            text    NOT NULL,
            runs_on          text    NOT NULL,
            actions          text    NOT NULL,
            enabled          boolean NOT NULL,
            changed_by       text    NOT NULL,
            changed_ms       bigint  NOT NULL,
            round_robin_turn bigint  NOT NULL DEFAULT 0
        );
        """,
        // 12: the outbox of facts connected shops must learn, as SQLite's migration 12.
        """
        CREATE TABLE shop_facts (
            id          bigserial PRIMARY KEY,
            shop        text    NOT NULL,
            order_id    bigint  NOT NULL,
            version     bigint  NOT NULL,
            kind        text    NOT NULL,
            details     text    NOT NULL,
            state       text    NOT NULL,
            attempts    bigint  NOT NULL DEFAULT 0,
            seen_before text,
            shop_ids    text,
            refusal     text,
            created_ms  bigint  NOT NULL,
            settled_ms  bigint
        );
        CREATE INDEX shop_facts_by_shop  ON shop_facts (shop, state, id);
        CREATE INDEX shop_facts_by_order ON shop_facts (order_id, version);
        """,
        // 13: a rule's last error, as SQLite's migration 13.
        """
        ALTER TABLE rules ADD COLUMN last_error text;
        ALTER TABLE rules ADD COLUMN last_error_ms bigint;
        """,
        // 14: each history entry's source, as SQLite's migration 14.
        """
        ALTER TABLE audit_log ADD COLUMN source text;
        """,
        // 15: the digests of the shop rows each imported order was last written from, as SQLite's migration 15.
        """
        CREATE TABLE shop_import_digests (
            order_id bigint PRIMARY KEY,
            version  bigint NOT NULL,
            digest   text   NOT NULL
        );
        """,
    ]

    /// The migration whose keys need Swift (folding, money in each currency) for some orders.
    static let shopSearchKeysMigration = 4

    static var currentVersion: Int { migrations.count }

    /// Substring search on the folded keys without a scan, where the server has `pg_trgm`
    /// (PostgreSQL's contrib package; trusted, so a database owner may enable it). Without
    /// it searching still works, by scanning. Not a migration: created whenever it becomes possible.
    static let trigramIndexes = """
        CREATE INDEX IF NOT EXISTS orders_search_trigrams ON orders USING gin (search_key gin_trgm_ops);
        CREATE INDEX IF NOT EXISTS orders_customer_trigrams ON orders USING gin (customer_key gin_trgm_ops);
        """

    /// Brings the database up to `currentVersion` in one transaction under the advisory lock:
    /// a second process starting at the same moment waits, then finds nothing left to do.
    /// A database without orders tables gets them only when `mayCreate` (the commands that fill
    /// a database); otherwise it is refused and nothing is created. Returns whether it created them.
    @discardableResult
    static func migrate(_ connection: PostgresConnection, mayCreate: Bool = true) throws -> Bool {
        try connection.transaction {
            try connection.execute("SELECT pg_advisory_xact_lock($1)", [String(migrationLock)])
            let exists = try connection.execute("SELECT to_regclass('orders_schema') IS NOT NULL").scalar == "t"
            guard exists || mayCreate else {
                throw OrderStoreError.unusable(
                    "This PostgreSQL database holds no orders tables, and nothing was created: `orders migrate` creates them "
                        + "(as do `orders import`, `orders demo` and `orders copy --to` it).")
            }
            try connection.executeScript("CREATE TABLE IF NOT EXISTS orders_schema (version integer NOT NULL)")
            let applied = Int(try connection.execute("SELECT coalesce(max(version), 0) FROM orders_schema").scalar ?? "") ?? 0
            guard applied >= 0 else {
                throw OrderStoreError.unusable(
                    "This PostgreSQL database is not an orders database: its orders_schema table says version \(applied), which no orders writes.")
            }
            guard applied <= currentVersion else {
                throw OrderStoreError.unusable(
                    "This PostgreSQL database has orders schema \(applied), newer than this build of orders knows (\(currentVersion)); update orders.")
            }
            if applied < currentVersion {
                for migration in migrations.dropFirst(applied) {
                    try connection.executeScript(migration)
                }
                // Derived by today's code, which reads the orders as today's schema holds them: so
                // after every migration, not right after the one that added the keys.
                if applied < shopSearchKeysMigration { try deriveShopSearchKeys(connection) }
                try connection.executeScript("DELETE FROM orders_schema")
                try connection.execute("INSERT INTO orders_schema (version) VALUES ($1)", [String(currentVersion)])
            }
            try createTrigramIndexesIfPossible(connection)
            return !exists
        }
    }

    /// Enables `pg_trgm` and its indexes when the server has it; otherwise leaves things as they are.
    private static func createTrigramIndexesIfPossible(_ connection: PostgresConnection) throws {
        let available = try connection.execute("SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm'").rows.isEmpty == false
        guard available else { return }
        // A savepoint: lacking the right to enable it must not undo the migration.
        try connection.executeScript("SAVEPOINT trigrams")
        do {
            try connection.executeScript("CREATE EXTENSION IF NOT EXISTS pg_trgm")
            try connection.executeScript(trigramIndexes)
            try connection.executeScript("RELEASE SAVEPOINT trigrams")
        } catch let error as PostgresError where !error.sqlState.isEmpty {
            try connection.executeScript("ROLLBACK TO SAVEPOINT trigrams")
        }
    }

    /// Derives the keys of migration 4 for the orders its SQL cannot (SQLite's
    /// `SQLiteSchema.deriveShopSearchKeys`), with the functions the writes use.
    private static func deriveShopSearchKeys(_ connection: PostgresConnection) throws {
        let orders = try PostgresRows.loadOrders("""
            SELECT \(PostgresRows.selectColumns) FROM orders
            WHERE shop_currency IS NOT NULL OR id IN (SELECT order_id FROM refunds UNION SELECT order_id FROM addresses)
            ORDER BY id
            """, [], from: connection)
        let columns = OrderRows.shopSearchColumns
        let assignments = columns.enumerated().map { "\($1) = $\($0 + 2)" }.joined(separator: ", ")
        var keys = SearchKeys()
        for order in orders {
            let values = OrderRows.shopSearchValues(order, money: try OrderRows.Money(order), keys: &keys)
            try connection.execute("UPDATE orders SET \(assignments) WHERE id = $1", [String(order.id.number)] + values.map(\.postgresText))
        }
    }
}
