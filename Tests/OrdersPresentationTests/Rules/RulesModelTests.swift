import Foundation
@testable import OrdersCore
@testable import OrdersPresentation
@testable import OrdersStorage
import OrdersTestSupport
import Testing

/// The rules screen's model over real stores: the rows in the order rules run, today's counts
/// (by the store, in the presentation's time zone), the trial changing nothing, the query edited
/// with the search box's error mark and completion and saved through `Rule.validate`.
@Suite("The rules screen's model on SQLite and PostgreSQL")
@MainActor
struct RulesModelTests {
    /// 2026-09-21 14:13:20 UTC: 16:13:20 in Berlin (summer time, UTC+2), whose "today" runs
    /// from 2026-09-20 22:00 UTC to 2026-09-21 22:00 UTC.
    nonisolated static let now = OrderFixtures.now

    static func environment() -> PresentationEnvironment {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Europe/Berlin")!
        return PresentationEnvironment(now: { now }, actor: "mia", locale: Locale(identifier: "en_US"), calendar: calendar)
    }

    static let germany = Rule(name: "10-germany", query: "country:DE", actions: [.tag("de")], changedBy: "ana", changedAt: now)
    static let big = Rule(name: "20-big", query: "total>1000", trigger: .both, actions: [.flag], changedBy: "ana", changedAt: now)
    static let vip = Rule(name: "30-vip", query: "tag:vip", trigger: .change, actions: [.assign("ghost")], enabled: false,
                          changedBy: "ana", changedAt: now)

    /// Orders 1–4 of the presentation fixtures (ES, DE, JP, BR) and order 8, in Germany without tags.
    static let orders = Array(OrderFixtures.sample.prefix(4))
        + [OrderFixtures.order(8, customer: "Lena Schulz", total: 80, country: "DE")]

    /// A store holding the orders and the three rules, and history written by the rules and by mia
    /// at chosen instants (the store's clock is moved for each):
    /// - 2026-09-20 21:30 UTC (23:30 in Berlin, yesterday): rule:10-germany tags order 2 — not today.
    /// - 2026-09-20 22:30 UTC (00:30 today in Berlin): rule:10-germany tags order 1 and notes it — today.
    /// - 14:13:20 UTC: rule:20-big flags order 3 — today; mia tags order 4 — not a rule.
    /// - 21:59:59 UTC (23:59:59 today in Berlin): rule:10-germany tags order 4 — today.
    /// - 2026-09-21 22:00 UTC (midnight: tomorrow in Berlin): rule:10-germany tags order 3 — not today.
    /// So 10-germany changed orders 1 and 4 today (3 entries), 20-big order 3, 30-vip none.
    static func filledStore(_ kind: StoreKind) async throws -> (StoreFixture, any OrderStore & RuleStore, TestClock) {
        let clock = TestClock(Date(timeIntervalSince1970: 1_790_000_000 - 16 * 3_600 - 43 * 60 - 20)) // 2026-09-20 21:30 UTC
        let fixture = try StoreFixture(kind, clock: clock)
        let store = try #require(fixture.store as? any OrderStore & RuleStore)
        try await store.insert(orders)
        for rule in [vip, germany, big] { try await store.addRule(rule) }
        func change(_ number: Int, _ mutations: [OrderMutation], by actor: String) async throws {
            let order = try #require(try await store.order(OrderID(number)))
            _ = try await store.update(order.id, expectedVersion: order.version, mutations: mutations, actor: actor)
        }
        try await change(2, [.addTag("de")], by: "rule:10-germany")
        clock.advance(by: 3_600) // 22:30 UTC
        try await change(1, [.addTag("de"), .addNote("German speaker")], by: "rule:10-germany")
        clock.advance(by: 15 * 3_600 + 43 * 60 + 20) // 14:13:20 UTC
        try await change(3, [.setFlagged(true)], by: "rule:20-big")
        try await change(4, [.addTag("checked")], by: "mia")
        clock.advance(by: 7 * 3_600 + 46 * 60 + 39) // 21:59:59 UTC
        try await change(4, [.addTag("de")], by: "rule:10-germany")
        clock.advance(by: 1) // 22:00:00 UTC
        try await change(3, [.addTag("de")], by: "rule:10-germany")
        return (fixture, store, clock)
    }

    static func loadedModel(_ store: any OrderStore & RuleStore) async -> RulesModel {
        let model = RulesModel(source: StoreRulesSource(store: store), environment: environment())
        model.load()
        await model.waitForPendingWork()
        return model
    }

    static let unknownGhost = "Unknown operator \"ghost\": the team's names are mia."

    @Test(arguments: [StoreKind.memory, .sqlite, .postgres])
    func rowsInTheOrderRulesRunWithTodaysCountsAndErrors(_ kind: StoreKind) async throws {
        let (_, store, _) = try await Self.filledStore(kind)
        // The entries counted, read back from the store's history: exactly today's by each rule.
        let today = DateInterval(start: Date(timeIntervalSince1970: 1_790_000_000 - 16 * 3_600 - 13 * 60 - 20),
                                 end: Date(timeIntervalSince1970: 1_790_000_000 + 7 * 3_600 + 46 * 60 + 40))
        var counted: [String] = []
        for number in [1, 2, 3, 4, 8] {
            for entry in try await store.history(of: OrderID(number))
            where entry.actor.hasPrefix("rule:") && entry.at >= today.start && entry.at < today.end {
                counted.append("\(entry.actor) #\(number) \(entry.field) v\(entry.version ?? 0)")
            }
        }
        // Stored orders start at version 1; order 4 was changed by mia (v2) before the rule (v3).
        #expect(counted == ["rule:10-germany #1 tags v2", "rule:10-germany #1 notes v2", "rule:20-big #3 flagged v2",
                            "rule:10-germany #4 tags v3"])
        let model = await Self.loadedModel(store)
        #expect(model.today == today)
        #expect(model.loading == .loaded)
        #expect(model.rows == [
            RuleRow(name: "10-germany", enabled: true, trigger: .arrive, query: "country:DE", actions: "tag de",
                    changedToday: 2, error: nil),
            RuleRow(name: "20-big", enabled: true, trigger: .both, query: "total>1000", actions: "flag",
                    changedToday: 1, error: nil),
            RuleRow(name: "30-vip", enabled: false, trigger: .change, query: "tag:vip", actions: "assign to ghost",
                    changedToday: 0, error: Self.unknownGhost),
        ])
        #expect(model.selection == 0)
        #expect(model.trial == nil && model.edit == nil && model.message == nil)
    }

    @Test(arguments: [StoreKind.sqlite, .postgres])
    func theTrialListsWhatWouldChangeAndChangesNothing(_ kind: StoreKind) async throws {
        let (fixture, store, _) = try await Self.filledStore(kind)
        let model = await Self.loadedModel(store)
        let before = try await StoreFixture.everything(in: store)
        let files = StoreFixture.fileBytes(fixture)
        model.showTrial()
        #expect(model.trial == .running(ruleName: "10-germany"))
        await model.waitForPendingWork()
        // Germany: order 2 (tagged de yesterday: nothing to do) and order 8 (tag added).
        #expect(model.trial == .shown(RuleTrialSummary(ruleName: "10-germany", matched: 2, changing: 1, lines: [
            .init(order: "local:ORD-0000002", changes: "no change"),
            .init(order: "local:ORD-0000008", changes: "tags: + de"),
        ])))
        #expect(try await StoreFixture.everything(in: store) == before)
        #expect(StoreFixture.fileBytes(fixture) == files)
        if kind == .sqlite { #expect(files.first??.isEmpty == false) }
        model.move(by: 1)
        #expect(model.trial == nil)
    }

    @Test(arguments: [StoreKind.sqlite, .postgres])
    func anEditedQueryIsMarkedCompletedRefusedAsTheCommandLineRefusesItAndSaved(_ kind: StoreKind) async throws {
        let (_, store, _) = try await Self.filledStore(kind)
        let model = await Self.loadedModel(store)
        #expect(model.beginEditingQuery())
        #expect(model.edit == RuleQueryEdit(ruleName: "10-germany", text: "country:DE", error: nil, suggestions: []))
        // The search box's completion: the last word's keywords, then Tab takes the first.
        model.queryTextChanged("country:DE cu")
        #expect(model.edit?.suggestions.map(\.title) == ["customer:", "customer-orders>", "customer-orders<"])
        #expect(model.edit?.error == nil)
        #expect(model.completeQuery())
        #expect(model.edit?.text == "country:DE customer:")
        // The error mark while it does not parse, in the parser's words.
        model.queryTextChanged("country:DE total>")
        let parseError = try #require(model.edit?.error)
        #expect(parseError.hasPrefix("The query \"country:DE total>\" does not parse: "))
        // customer-orders parses as a search but not as a rule: refused in the CLI's sentence, the field kept.
        let refusal = "The query \"country:DE customer-orders>1\" uses customer-orders, which a rule cannot use yet."
        model.queryTextChanged("country:DE customer-orders>1")
        #expect(model.edit?.error == refusal)
        model.saveQuery()
        await model.waitForPendingWork()
        #expect(model.edit == RuleQueryEdit(ruleName: "10-germany", text: "country:DE customer-orders>1", error: refusal,
                                            suggestions: [], isSaving: false, refusal: refusal))
        #expect(try await store.rule(named: "10-germany") == Self.germany)
        // A sound query is saved with who changed it and when, and the rows are read again.
        model.queryTextChanged("country:DE -tag:de")
        #expect(model.edit?.error == nil)
        model.saveQuery()
        await model.waitForPendingWork()
        var saved = Self.germany
        saved.query = "country:DE -tag:de"
        saved.changedBy = "mia"
        #expect(try await store.rule(named: "10-germany") == saved)
        #expect(model.edit == nil)
        #expect(model.message == "Changed the query of rule 10-germany.")
        #expect(model.rows.first == RuleRow(name: "10-germany", enabled: true, trigger: .arrive, query: "country:DE -tag:de",
                                            actions: "tag de", changedToday: 2, error: nil))
    }

    @Test(arguments: [StoreKind.sqlite, .postgres])
    func aRuleIsEnabledAndDisabledByAKeyAsTheCommandLineDoes(_ kind: StoreKind) async throws {
        let (_, store, _) = try await Self.filledStore(kind)
        let model = await Self.loadedModel(store)
        model.move(by: 5)
        #expect(model.selectedRule?.name == "30-vip")
        model.toggleEnabled()
        await model.waitForPendingWork()
        #expect(model.message == "Enabled rule 30-vip.")
        #expect(model.rows.map(\.enabled) == [true, true, true])
        #expect(model.selection == 2)
        var enabled = Self.vip
        enabled.enabled = true
        enabled.changedBy = "mia"
        #expect(try await store.rule(named: "30-vip") == enabled)
    }
}

/// A rule's error recorded where rules run: an import leaves out a rule whose query no longer
/// parses and records why (`StoreRuleBook.recordTurns`); the screen shows it with its time (in
/// Berlin), and changing the rule clears it.
@Suite("A rule's last error, recorded by an import and shown on the rules screen")
@MainActor
struct RuleLastErrorTests {
    @Test(arguments: [StoreKind.sqlite, .postgres])
    func anImportRecordsTheErrorTheScreenShowsItAndAnEditClearsIt(_ kind: StoreKind) async throws {
        let fixture = try StoreFixture(kind)
        let store = try #require(fixture.store as? any OrderStore & RuleStore)
        // Stored as an older orders might have kept it: `total>lots` is no amount.
        let broken = Rule(name: "05-old", query: "total>lots", actions: [.flag], changedBy: "ana", changedAt: RulesModelTests.now)
        try await store.addRule(broken)
        try await store.addRule(RulesModelTests.big)
        let sentence = try #require(RulesModel.queryError(broken.query, ruleName: broken.name, now: RulesModelTests.now))
        #expect(sentence.hasPrefix("The query \"total>lots\" does not parse: "))
        _ = try await ShopFixtures.importFile(ShopFixtures.shopifyCSV, into: store)
        var recorded = broken
        recorded.lastError = sentence
        recorded.lastErrorAt = OrderFixtures.now
        #expect(try await store.rules() == [recorded, RulesModelTests.big])
        let model = await RulesModelTests.loadedModel(store)
        // OrderFixtures.now is 2026-09-21 14:13:20 UTC: 16:13 in Berlin.
        #expect(model.rows.first?.error == "Sep 21 at 16:13: " + sentence)
        #expect(model.beginEditingQuery())
        model.queryTextChanged("total>1000 flagged")
        model.saveQuery()
        await model.waitForPendingWork()
        #expect(model.rows.first?.error == nil)
        #expect(try await store.rule(named: "05-old").lastError == nil)
        #expect(try await store.rule(named: "05-old").lastErrorAt == nil)
    }
}
