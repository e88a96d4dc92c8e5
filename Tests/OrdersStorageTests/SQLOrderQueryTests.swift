import Foundation
@testable import OrdersCore
@testable import OrdersStorage
import Testing

/// The SQL the one builder writes for each database, to the letter: the text both stores send and
/// the values bound to it. The store suites (`StoreSearchEquivalenceTests`, the contract) hold the
/// answers equal to the reference; these hold the text, so a difference between the dialects is
/// one a reader can see here (and an index a statement relies on stays named in it).
@Suite("SQL built once from the query, in each dialect")
struct SQLOrderQueryTests {
    static func built(_ filters: [OrderFilter], sort: OrderSort = .default, _ dialect: SQLDialect) -> SQLOrderQuery {
        var keys = SearchKeys()
        return SQLOrderQuery(OrderQuery(filters: filters, sort: sort), dialect: dialect, keys: &keys)
    }

    @Test("no filter: always true, every order, the sort's ORDER BY")
    func unfiltered() {
        let sqlite = Self.built([], .sqlite), postgres = Self.built([], .postgresql)
        #expect([sqlite.whereClause, postgres.whereClause] == ["1", "TRUE"])
        #expect(sqlite.isUnfiltered && postgres.isUnfiltered)
        #expect(sqlite.parameters == [] && postgres.parameters == [])
        // Date sorts newest first by default; ties by ascending id, the same text for both.
        #expect([sqlite.orderBy, postgres.orderBy] == ["created_ms DESC, id ASC", "created_ms DESC, id ASC"])
    }

    /// `status:pending,processing Ana -flagged total>100`.
    static let triage: [OrderFilter] = [
        OrderFilter(.status([.processing, .pending])), OrderFilter(.text("Ana")),
        OrderFilter(.flagged, negated: true), OrderFilter(.totalAbove(100)),
    ]

    @Test("statuses, a search, a negated flag and a total")
    func triageQuery() {
        let sqlite = Self.built(Self.triage, .sqlite)
        #expect(sqlite.whereClause == "(status IN (?1, ?2)) AND (instr(search_key, ?3) > 0) AND NOT (flagged = 1) AND (+total_e4 > ?4)")
        // Ranks sorted (pending 0, processing 1); "Ana" folded; 100 in 10⁻⁴ units.
        #expect(sqlite.parameters == [.integer(0), .integer(1), .text("ana"), .integer(1_000_000)])
        #expect(!sqlite.isUnfiltered)

        let postgres = Self.built(Self.triage, .postgresql)
        #expect(postgres.whereClause == "(status = ANY($1::integer[])) AND (search_key LIKE $2) AND NOT (flagged) AND (total_e4 > $3)")
        #expect(postgres.parameters == [.text("{0,1}"), .text("%ana%"), .integer(1_000_000)])
    }

    /// `source:Shopify code:SAVE10 assignee:Ana customer-group risk:high,low`.
    static let people: [OrderFilter] = [
        OrderFilter(.source("Shopify")), OrderFilter(.discountCode("SAVE10")), OrderFilter(.assignee("Ana")),
        OrderFilter(.customerGroup("g-7")), OrderFilter(.risk([.low, .high])),
    ]

    @Test("ASCII case ignored, a value never NULL, and a set of texts")
    func peopleQuery() {
        let sqlite = Self.built(Self.people, .sqlite)
        #expect(sqlite.whereClause == "(source = ?1 COLLATE NOCASE) "
            + "AND (id IN (SELECT order_id FROM discount_codes WHERE code = ?2 COLLATE NOCASE)) "
            + "AND (assignee_key IS NOT NULL AND assignee_key = ?3) "
            + "AND (customer_group IS NOT NULL AND customer_group = ?4) "
            + "AND (risk IS NOT NULL AND risk IN (?5, ?6))")
        #expect(sqlite.parameters == [.text("Shopify"), .text("SAVE10"), .text("ana"), .text("g-7"), .text("high"), .text("low")])

        let postgres = Self.built(Self.people, .postgresql)
        #expect(postgres.whereClause == "(lower(source COLLATE \"C\") = lower($1 COLLATE \"C\")) "
            + "AND (id IN (SELECT order_id FROM discount_codes WHERE lower(code COLLATE \"C\") = lower($2 COLLATE \"C\"))) "
            + "AND (assignee_key IS NOT NULL AND assignee_key = $3) "
            + "AND (customer_group IS NOT NULL AND customer_group = $4) "
            + "AND (risk IS NOT NULL AND risk = ANY($5::text[]))")
        #expect(postgres.parameters == [.text("Shopify"), .text("SAVE10"), .text("ana"), .text("g-7"), .text("{\"high\",\"low\"}")])
    }

    @Test("substrings: SQLite's instr verbatim, PostgreSQL's LIKE escaped; a NUL matches nothing on PostgreSQL")
    func substrings() {
        let filters = [OrderFilter(.customer(#"50%_Off\"#)), OrderFilter(.tag("VIP")), OrderFilter(.city("a\u{0}b"))]
        let sqlite = Self.built(filters, .sqlite)
        #expect(sqlite.whereClause == "(instr(customer_key, ?1) > 0) AND (instr(tags_key, ?2) > 0) AND (instr(city_key, ?3) > 0)")
        #expect(sqlite.parameters == [.text(#"50%_off\"#), .text("\u{1F}vip\u{1F}"), .text("a\u{0}b")])

        let postgres = Self.built(filters, .postgresql)
        #expect(postgres.whereClause == "(customer_key LIKE $1) AND (tags_key LIKE $2) AND (FALSE)")
        #expect(postgres.parameters == [.text(#"%50\%\_off\\%"#), .text("%\u{1F}vip\u{1F}%")])
    }

    /// A flagged order's page after the cursor, sorted by customer: ties by id, the cursor's
    /// value bound once and named three times.
    static let cursor = PageCursor(id: OrderID(7), createdAt: Date(timeIntervalSince1970: 1_000), customerKey: "ana",
                                   total: 12, statusRank: 1, itemCount: 2, hasDueTime: false,
                                   dueClockStart: Date(timeIntervalSince1970: 1_000))

    @Test("keyset paging: the leading column bounded on PostgreSQL for its index range")
    func keyset() {
        let sort = OrderSort(.customer, ascending: true)
        var sqlite = Self.built([OrderFilter(.flagged)], sort: sort, .sqlite)
        sqlite.restrict(after: Self.cursor, sort: sort)
        #expect(sqlite.bind(.int(50)) == "?3")
        #expect(sqlite.whereClause == "((flagged = 1)) AND (customer_key > ?1 OR (customer_key = ?1 AND id > ?2))")
        #expect(sqlite.parameters == [.text("ana"), .integer(7), .integer(50)])
        #expect(sqlite.orderBy == "customer_key ASC, id ASC")

        var postgres = Self.built([OrderFilter(.flagged)], sort: sort, .postgresql)
        postgres.restrict(after: Self.cursor, sort: sort)
        #expect(postgres.whereClause
            == "((flagged)) AND customer_key >= $1 AND (customer_key > $1 OR (customer_key = $1 AND id > $2))")
        #expect(postgres.parameters == [.text("ana"), .integer(7)])

        // The served list's rows before a place (read backwards), and from a selected order on.
        var before = Self.built([], sort: sort, .postgresql)
        before.restrict(after: Self.cursor, sort: sort, reversed: true)
        #expect(before.whereClause == "(TRUE) AND customer_key <= $1 AND (customer_key < $1 OR (customer_key = $1 AND id < $2))")
        var from = Self.built([], sort: sort, .postgresql)
        from.restrict(after: Self.cursor, sort: sort, inclusive: true)
        #expect(from.whereClause == "(TRUE) AND customer_key >= $1 AND (customer_key > $1 OR (customer_key = $1 AND id >= $2))")
        #expect(!before.isUnfiltered)
    }

    @Test("a customer's orders: the key verbatim, or the email with ASCII letters lowered")
    func customerMatch() {
        let email = CustomerMatch.email("ana@example.org")
        let sqlite = email.sqlCondition(.sqlite), postgres = email.sqlCondition(.postgresql)
        #expect(sqlite.sql == "email <> '' AND lower(email) = ?1")
        #expect(postgres.sql == "email <> '' AND lower(email COLLATE \"C\") = $1")
        #expect([sqlite.value, postgres.value] == ["ana@example.org", "ana@example.org"])
        let key = CustomerMatch.key("C-1").sqlCondition(.postgresql)
        #expect([key.sql, key.value] == ["customer_ref = $1", "C-1"])
    }
}
