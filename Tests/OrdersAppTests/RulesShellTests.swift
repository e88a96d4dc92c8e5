import Foundation
import OrdersApp
import OrdersCore
import OrdersScreens
import OrdersStorage
import TermRender
import Testing

/// The rules screen on the whole app (`:rules`), headless: every key of the screen and of its
/// query field, and a story through the palette, the trial, an edit refused and one saved.
/// The sample orders are all in Germany; over 1,000 in their own currency are 2 (US$1,500,
/// flagged), 3 (JP¥12,000, not flagged) and 6 (US$2,000, flagged).
@Suite("Shell: the rules screen")
@MainActor
struct RulesShellTests {
    typealias Expectation = ShellCommandTests.Expectation

    static let big = Rule(name: "10-big", query: "total>1000", trigger: .both, actions: [.flag], changedBy: "ana",
                          changedAt: AppFixtures.now)
    static let vip = Rule(name: "20-vip", query: "tag:vip", actions: [.tag("seen")], enabled: false, changedBy: "ana",
                          changedAt: AppFixtures.now)

    /// Stores the two rules, then `:rules` from the palette: the screen over the list, read.
    static func openRules(_ store: ShellStore) async {
        let rules = store.store as? any RuleStore
        #expect(rules != nil)
        try? await rules?.addRule(big)
        try? await rules?.addRule(vip)
        await ShellCommandTests.openPalette(store, typing: ":rules", suggestion: 0)
        await store.send(.palette(.run)) {
            $0.modal = nil
            $0.paletteText = ""
            $0.paletteSuggestion = 0
            $0.routes = [.list, .rules]
            $0.rules = "10-big 0 | 20-vip off 0 | sel 0"
        }
    }

    static func editQuery(_ store: ShellStore) async {
        await openRules(store)
        await store.send(.rules(.editQuery)) { $0.rules = "10-big 0 | 20-vip off 0 | sel 0 | edit \"total>1000\"@10" }
    }

    static func expectation(for command: RulesScreenCommand) -> Expectation {
        switch command {
        case .back:
            return Expectation(setup: openRules) { $0.routes = [.list] }
        case .down:
            return Expectation(setup: openRules) { $0.rules = "10-big 0 | 20-vip off 0 | sel 1" }
        case .up:
            return Expectation(setup: { store in
                await openRules(store)
                await store.send(.rules(.down)) { $0.rules = "10-big 0 | 20-vip off 0 | sel 1" }
            }) { $0.rules = "10-big 0 | 20-vip off 0 | sel 0" }
        case .top:
            return Expectation(setup: { store in
                await openRules(store)
                await store.send(.rules(.bottom)) { $0.rules = "10-big 0 | 20-vip off 0 | sel 1" }
            }) { $0.rules = "10-big 0 | 20-vip off 0 | sel 0" }
        case .bottom:
            return Expectation(setup: openRules) { $0.rules = "10-big 0 | 20-vip off 0 | sel 1" }
        case .trial:
            // Orders 2, 3 and 6 match; only 3 is not flagged yet. Nothing is written.
            return Expectation(setup: openRules) { $0.rules = "10-big 0 | 20-vip off 0 | sel 0 | test 10-big 3/1" }
        case .editQuery:
            return Expectation(setup: openRules) { $0.rules = "10-big 0 | 20-vip off 0 | sel 0 | edit \"total>1000\"@10" }
        case .toggleEnabled:
            return Expectation(setup: openRules) { $0.rules = "10-big off 0 | 20-vip off 0 | sel 0 | Disabled rule 10-big." }
        case .reload:
            return Expectation(setup: openRules) { _ in }
        }
    }

    static func expectation(for command: RuleQueryFieldCommand) -> Expectation {
        switch command {
        case .save:
            return Expectation(setup: editQuery) {
                $0.rules = "10-big 0 | 20-vip off 0 | sel 0 | Changed the query of rule 10-big."
            }
        case .cancel:
            return Expectation(setup: editQuery) { $0.rules = "10-big 0 | 20-vip off 0 | sel 0" }
        case .complete:
            return Expectation(setup: { store in
                await editQuery(store)
                await store.type(" fl") { $0.rules = "10-big 0 | 20-vip off 0 | sel 0 | edit \"total>1000 fl\"@13" }
            }) { $0.rules = "10-big 0 | 20-vip off 0 | sel 0 | edit \"total>1000 flagged\"@18" }
        }
    }

    @Test("`:rules` shows today's counts, tests a rule without changing it, refuses a query as the CLI does and saves one")
    func rulesThroughTheCoordinator() async throws {
        // Order 3 flagged by the rule today (the store's clock is the fixtures' now): 10-big changed 1 order today.
        let memory = InMemoryOrderStore(orders: AppFixtures.sample, now: { AppFixtures.now })
        try await memory.addRule(Self.big)
        try await memory.addRule(Self.vip)
        _ = try await memory.update(OrderID(3), expectedVersion: 1, mutations: [.setFlagged(true)], actor: "rule:10-big")
        let store = await ShellStore.start(size: Size(width: 120, height: 30), store: memory)
        await ShellCommandTests.openPalette(store, typing: ":rules", suggestion: 0)
        await store.send(.palette(.run)) {
            $0.modal = nil
            $0.paletteText = ""
            $0.paletteSuggestion = 0
            $0.routes = [.list, .rules]
            $0.rules = "10-big 1 | 20-vip off 0 | sel 0"
        }
        // Everything matching is flagged now: the test says so and changes nothing.
        await store.send(.rules(.trial)) { $0.rules = "10-big 1 | 20-vip off 0 | sel 0 | test 10-big 3/0" }
        await store.send(.rules(.back)) { $0.rules = "10-big 1 | 20-vip off 0 | sel 0" }
        await store.send(.rules(.editQuery)) { $0.rules = "10-big 1 | 20-vip off 0 | sel 0 | edit \"total>1000\"@10" }
        let refusal = "The query \"total>1000 customer-orders>1\" uses customer-orders, which a rule cannot use yet."
        await store.type(" customer-orders>1") {
            $0.rules = "10-big 1 | 20-vip off 0 | sel 0 | edit \"total>1000 customer-orders>1\"@28 ⚠ \(refusal)"
        }
        await store.type("\r") {
            $0.rules = "10-big 1 | 20-vip off 0 | sel 0 | edit \"total>1000 customer-orders>1\"@28 ⚠ \(refusal) refused: \(refusal)"
        }
        #expect(store.screen.contains { $0.contains("⚠ \(refusal)") })
        // Backspace 18 times, then a sound query; Enter saves it and the field closes.
        await store.type(String(repeating: "\u{7f}", count: 18) + " flagged") {
            $0.rules = "10-big 1 | 20-vip off 0 | sel 0 | edit \"total>1000 flagged\"@18"
        }
        await store.type("\r") { $0.rules = "10-big 1 | 20-vip off 0 | sel 0 | Changed the query of rule 10-big." }
        var saved = Self.big
        saved.query = "total>1000 flagged"
        saved.changedBy = "mia"
        #expect(try await memory.rules() == [saved, Self.vip])
        await store.send(.rules(.back)) { $0.routes = [.list] }
    }
}
