import OrdersCore

/// The database layout, built by numbered migrations. `PRAGMA user_version` records
/// the last one applied; a file with a higher number was made by a newer build.
enum SQLiteSchema {
    /// Marks a file as an orders database ("ORDS"), so another program's SQLite file is refused.
    static let applicationID: Int64 = 0x4F52_4453

    /// Migration n (1-based) turns schema n−1 into schema n. Append only; never edit one that shipped.
    static let migrations: [String] = [
        """
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
        """,
        // 2: the shop's order number kept verbatim beside the key, its source and the shop's own id.
        // Existing orders keep the number they were shown with (`OrderID.description`: "ORD-"
        // and the key padded to seven digits, the sign included), from the source "local".
        """
        ALTER TABLE orders ADD COLUMN number TEXT NOT NULL DEFAULT '';
        ALTER TABLE orders ADD COLUMN source TEXT NOT NULL DEFAULT 'local';
        ALTER TABLE orders ADD COLUMN shop_id TEXT;
        UPDATE orders SET number = 'ORD-' || substr('0000000', 1, max(0, 7 - length(CAST(id AS TEXT)))) || id;
        CREATE UNIQUE INDEX orders_by_number ON orders (source, number);
        """,
        // 3: payment and fulfilment apart, cancellation, closing and the shop's own status word.
        // `status` stays as the derived triage state (`Order.triage`), for sorting and counts.
        // Existing statuses map so that every order stays in its tab: pending → pending/unfulfilled;
        // processing → paid/unfulfilled; shipped → paid/fulfilled; completed → paid/fulfilled/closed;
        // cancelled → voided, cancelled when last updated; refunded → refunded/fulfilled (as `Order.moveTriage`).
        """
        ALTER TABLE orders ADD COLUMN payment TEXT NOT NULL DEFAULT 'pending';
        ALTER TABLE orders ADD COLUMN fulfillment TEXT NOT NULL DEFAULT 'unfulfilled';
        ALTER TABLE orders ADD COLUMN cancelled_ms INTEGER;
        ALTER TABLE orders ADD COLUMN cancel_reason TEXT;
        ALTER TABLE orders ADD COLUMN closed INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE orders ADD COLUMN source_status TEXT;
        UPDATE orders SET
            payment = CASE status WHEN 0 THEN 'pending' WHEN 4 THEN 'voided' WHEN 5 THEN 'refunded' ELSE 'paid' END,
            fulfillment = CASE status WHEN 2 THEN 'fulfilled' WHEN 3 THEN 'fulfilled' WHEN 5 THEN 'fulfilled' ELSE 'unfulfilled' END,
            closed = CASE status WHEN 3 THEN 1 ELSE 0 END,
            cancelled_ms = CASE status WHEN 4 THEN updated_ms ELSE NULL END;
        """,
        // 4: money as shops have it — prices with tax included, discount codes, fees and duties, the
        // shop's stated total, the shop's currency beside the customer's — and refunds as records. Existing orders keep their money exactly:
        // taxes excluded (as before), no codes, adjustments, stated total or refunds.
        // Money is in whole minor units of the order's currency, like every *_minor column.
        """
        ALTER TABLE orders ADD COLUMN taxes_included INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE orders ADD COLUMN stated_total_minor INTEGER;
        -- The shop's currency when the customer paid in another; total_e4 is then the shop total's key.
        ALTER TABLE orders ADD COLUMN shop_currency TEXT;
        ALTER TABLE orders ADD COLUMN shop_total_minor INTEGER;   -- minor units of shop_currency
        ALTER TABLE orders ADD COLUMN exchange_rate TEXT;         -- the source's rate, as exact decimal text
        -- People and places (customer_ref: the shop's customer id; customer_key is the folded name for sorting).
        ALTER TABLE orders ADD COLUMN phone TEXT;
        ALTER TABLE orders ADD COLUMN customer_ref TEXT;
        ALTER TABLE orders ADD COLUMN shipping_method TEXT;
        ALTER TABLE orders ADD COLUMN payment_method TEXT;
        ALTER TABLE orders ADD COLUMN risk TEXT;                  -- RiskLevel: low, medium, high
        ALTER TABLE orders ADD COLUMN customer_note TEXT;
        ALTER TABLE orders ADD COLUMN paid_ms INTEGER;
        ALTER TABLE orders ADD COLUMN fulfilled_ms INTEGER;
        CREATE TABLE addresses (
            order_id INTEGER NOT NULL,
            kind     TEXT    NOT NULL,      -- shipping, billing
            name     TEXT,
            company  TEXT,
            lines    TEXT    NOT NULL,      -- street lines, one per line of text
            city     TEXT,
            postcode TEXT,
            region   TEXT,
            country  TEXT,
            phone    TEXT,
            PRIMARY KEY (order_id, kind)
        ) WITHOUT ROWID;
        CREATE TABLE tracking_numbers (
            order_id INTEGER NOT NULL,
            position INTEGER NOT NULL,
            number   TEXT    NOT NULL,
            PRIMARY KEY (order_id, position)
        ) WITHOUT ROWID;
        CREATE TABLE note_attributes (
            order_id INTEGER NOT NULL,
            position INTEGER NOT NULL,
            key      TEXT    NOT NULL,
            value    TEXT    NOT NULL,
            PRIMARY KEY (order_id, position)
        ) WITHOUT ROWID;
        CREATE TABLE discount_codes (
            order_id     INTEGER NOT NULL,
            position     INTEGER NOT NULL,
            code         TEXT    NOT NULL,
            amount_minor INTEGER NOT NULL,
            PRIMARY KEY (order_id, position)
        ) WITHOUT ROWID;
        CREATE TABLE adjustments (
            order_id     INTEGER NOT NULL,
            position     INTEGER NOT NULL,
            kind         TEXT    NOT NULL,      -- OrderAdjustment.Kind: fee, duty
            label        TEXT    NOT NULL,
            amount_minor INTEGER NOT NULL,
            PRIMARY KEY (order_id, position)
        ) WITHOUT ROWID;
        CREATE TABLE refunds (
            order_id       INTEGER NOT NULL,
            position       INTEGER NOT NULL,      -- oldest first
            refund_id      TEXT    NOT NULL,
            created_ms     INTEGER NOT NULL,
            reason         TEXT,
            amount_minor   INTEGER NOT NULL,      -- shipping included
            shipping_minor INTEGER NOT NULL,
            restock        INTEGER NOT NULL,
            PRIMARY KEY (order_id, position)
        ) WITHOUT ROWID;
        CREATE TABLE refund_lines (
            order_id        INTEGER NOT NULL,
            refund_position INTEGER NOT NULL,     -- refunds.position
            position        INTEGER NOT NULL,
            line_position   INTEGER NOT NULL,     -- line_items.position of the line returned
            quantity        INTEGER NOT NULL,
            PRIMARY KEY (order_id, refund_position, position)
        ) WITHOUT ROWID;
        """,
        // 5: keys for the shop's search terms (`refunded`, `outstanding>0`, `risk:`, `city:`, `postcode:`,
        // `age>2d`, `code:`, `customer-orders>1`), derived like the keys of migration 1. Computed here
        // for the orders schema 4 could not tell apart from older ones (no refunds, addresses or shop
        // currency: outstanding is the total); `SQLiteSchema.deriveShopSearchKeys` computes the rest.
        """
        ALTER TABLE orders ADD COLUMN outstanding_e4 INTEGER NOT NULL DEFAULT 0; -- Order.outstanding × 10⁴, the order's currency
        ALTER TABLE orders ADD COLUMN city_key       TEXT    NOT NULL DEFAULT ''; -- folded cities of both addresses, U+001F between
        ALTER TABLE orders ADD COLUMN postcode_key   TEXT    NOT NULL DEFAULT ''; -- folded postcodes, likewise
        ALTER TABLE orders ADD COLUMN customer_group TEXT;                        -- Order.customerGroup (CustomerMatch's rule)
        UPDATE orders SET outstanding_e4 = total_e4,
            customer_group = CASE
                WHEN customer_ref IS NOT NULL AND customer_ref <> '' THEN 'key' || char(31) || customer_ref
                WHEN email <> '' THEN 'email' || char(31) || lower(email)
            END;
        CREATE INDEX orders_by_customer_group ON orders (customer_group);
        CREATE INDEX orders_by_age            ON orders (coalesce(paid_ms, created_ms));
        CREATE INDEX orders_by_risk           ON orders (risk);
        CREATE INDEX discount_codes_by_code   ON discount_codes (code COLLATE NOCASE);
        """,
        // 6: the quantity sent per line. Before it only the order's fulfilment said what was sent: every
        // unit of an order that was fulfilled (or sent and returned), none of any other (a partially
        // fulfilled order's lines cannot be told apart, so they start at none and keep their status).
        """
        ALTER TABLE line_items ADD COLUMN fulfilled_quantity INTEGER NOT NULL DEFAULT 0;
        UPDATE line_items SET fulfilled_quantity = quantity
            WHERE order_id IN (SELECT id FROM orders WHERE fulfillment IN ('fulfilled', 'returned'));
        """,
        // 7: saved views, shared by everyone on the database, seeded once with the default set
        // (`DefaultViews`; a deleted one stays deleted: this runs once). `name_key` is the name
        // lower-cased (`SavedViewName.key`), so names are unique with case ignored. The change log's
        // `kind` says a row is about views ('views', order_id NULL) rather than orders.
        """
        CREATE TABLE views (
            id         INTEGER PRIMARY KEY,       -- tab order: first saved first
            name       TEXT    NOT NULL,          -- verbatim
            name_key   TEXT    NOT NULL UNIQUE,
            query      TEXT    NOT NULL,          -- the search text as typed
            sort       TEXT    NOT NULL,          -- FIELD:dir
            columns    TEXT    NOT NULL,          -- ListColumn names, comma-separated
            created_ms INTEGER NOT NULL,
            updated_ms INTEGER NOT NULL,
            updated_by TEXT    NOT NULL
        );
        INSERT INTO views (name, name_key, query, sort, columns, created_ms, updated_ms, updated_by)
            SELECT name, lower(name), query, sort, 'number,date,age,customer,items,total,status', now_ms, now_ms, 'orders'
            FROM (SELECT CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER) AS now_ms) AS clock,
                 (SELECT 1 AS position, 'To fulfil' AS name, 'status:processing -ship:on_hold' AS query, 'date:asc' AS sort
                  UNION ALL SELECT 2, 'Unpaid > 3 days', 'status:pending age>3d', 'date:asc'
                  UNION ALL SELECT 3, 'High risk', 'risk:high status:pending,processing', 'total:desc'
                  UNION ALL SELECT 4, 'Mine', 'assignee:me status:pending,processing', 'date:asc') AS seeds
            ORDER BY position;
        ALTER TABLE change_log ADD COLUMN kind TEXT;
        """,
        // 8: the team's names without a scan (`OperatorNames.distinctSQL` walks these indexes one name
        // at a time): at launch the old UNION read every order and every audit entry, filling the page
        // cache that is a second operator's private memory.
        """
        CREATE INDEX orders_by_assignee_name ON orders (assignee);
        CREATE INDEX audit_log_by_actor      ON audit_log (actor);
        """,
        // 9: a line's total as its shop stated it, when it is not unit price × quantity (a line of 24.98 for
        // 3 units, its unit price derived: `LineItem+StatedTotal.swift`); NULL for every other line. Every
        // line written before had its total as unit price × quantity, so NULL leaves each order as it was.
        """
        ALTER TABLE line_items ADD COLUMN line_total_minor INTEGER; -- money: whole minor units, or NULL
        """,
        // 10: the connected shops (`ConnectedShop`, `orders shop add`). The credentials file's path
        // only: the credential itself is never stored. `pulled_through_ms` is how far pulling has
        // come, written in the same transaction as each page's orders.
        """
        CREATE TABLE shops (
            name              TEXT    PRIMARY KEY,  -- verbatim; the source of its orders
            platform          TEXT    NOT NULL,     -- ShopPlatform: shopify, woocommerce
            url               TEXT    NOT NULL,
            ca_file           TEXT,
            credentials_file  TEXT    NOT NULL,
            pulled_through_ms INTEGER,              -- the newest updated_at pulled
            last_pull_ms      INTEGER,
            orders_pulled     INTEGER NOT NULL DEFAULT 0,
            last_error        TEXT,
            created_ms        INTEGER NOT NULL
        );
        """,
        // 11: the team's rules (`Rule`, `orders rules add`), with who changed each and when.
        // `round_robin_turn` is the team's turn of a round-robin assign: only ever added to
        // (`RuleStore.recordTurns`), so two writers never hand out the same turn's count twice.
        """
        CREATE TABLE rules (
            name             TEXT    PRIMARY KEY,  -- verbatim; `rule:NAME` in the audit log
            query            TEXT    NOT NULL,     -- a search query
            runs_on          TEXT    NOT NULL,     -- RuleTrigger: arrive, change, both
            actions          TEXT    NOT NULL,     -- RuleAction list as JSON
            enabled          INTEGER NOT NULL,
            changed_by       TEXT    NOT NULL,
            changed_ms       INTEGER NOT NULL,
            round_robin_turn INTEGER NOT NULL DEFAULT 0
        );
        """,
        // 12: the outbox of facts connected shops must learn (`ShopFact`), written in the same
        // transaction as the operator's change that made them (`queueShopFacts`) and sent by
        // `orders sync` (`ShopPush`). No foreign key to `orders`: a pull replaces an order's row, and
        // the fact must outlive that. `attempts` > 0 on a waiting fact means a send began whose answer
        // was not written down: the shop is asked whether it has the fact (by the ids it had before,
        // `seen_before`, and the fact's details) before it is sent again.
        """
        CREATE TABLE shop_facts (
            id          INTEGER PRIMARY KEY,       -- the queue's order
            shop        TEXT    NOT NULL,          -- the shop's name: the order's source when queued
            order_id    INTEGER NOT NULL,          -- orders.id
            version     INTEGER NOT NULL,          -- the order's version whose change queued it
            kind        TEXT    NOT NULL,          -- ShopFact.Kind
            details     TEXT    NOT NULL,          -- ShopFact as JSON
            state       TEXT    NOT NULL,          -- ShopFactState: waiting, sent, refused
            attempts    INTEGER NOT NULL DEFAULT 0,
            seen_before TEXT,                      -- JSON list: the shop's ids before the last send
            shop_ids    TEXT,                      -- JSON map: the shop's ids of what the fact made
            refusal     TEXT,                      -- the shop's words
            created_ms  INTEGER NOT NULL,
            settled_ms  INTEGER                    -- when it was sent or refused
        );
        CREATE INDEX shop_facts_by_shop  ON shop_facts (shop, state, id);
        CREATE INDEX shop_facts_by_order ON shop_facts (order_id, version);
        """,
        // 13: a rule's last error where rules run (`Rule.lastError`, `StoreRuleBook.recordTurns`), with
        // its time; NULL for every rule until it fails, and again once the rule is changed.
        """
        ALTER TABLE rules ADD COLUMN last_error TEXT;
        ALTER TABLE rules ADD COLUMN last_error_ms INTEGER;
        """,
        // 14: by which door each history entry came in (`AuditSource`: operator, import, rule, shop). Entries
        // written before stay NULL: which door wrote them was not kept, and guessing would invent it (a
        // rule's entries still read as the rule's, by their actor). Adding a NULL column rewrites no row.
        """
        ALTER TABLE audit_log ADD COLUMN source TEXT;             -- AuditSource, or NULL before schema 14
        """,
        // 15: per order imported from a shop's CSV, the digest of the rows it was last written from or
        // compared unchanged with (`ShopRowsDigest`) and the order's version then (`ShopDigestStore`), so a
        // re-import counts an order unchanged without reading it while the order is still at that version.
        // No foreign key: an import replaces an order's row; the version join is what makes a digest stale.
        // Empty for a database from before: its first re-import takes the full path and fills it.
        """
        CREATE TABLE shop_import_digests (
            order_id INTEGER PRIMARY KEY,   -- orders.id
            version  INTEGER NOT NULL,      -- the order's version the digest was stored at
            digest   TEXT    NOT NULL       -- ShopRowsDigest: 32 hex digits
        );
        """,
    ]

    /// The migration whose keys need Swift (folding, money in each currency) for some orders.
    static let shopSearchKeysMigration = 5

    static var currentVersion: Int { migrations.count }
}
