import Foundation
import OrdersCore
import OrdersPresentation
@testable import OrdersScreens
import OrdersStorage
import TermRender
import TermRenderTesting
import Testing

/// The rules screen drawn at 80x24 and 200x60 from a real (in-memory) store: three rules (one
/// disabled, one naming someone not in the team, one whose name and note hold an escape
/// character, drawn inert), today's counts, then the trial of the first rule, then its query
/// being edited with the search box's error mark and completions. Whole screens with their styles
/// (snapshots in Tests/Snapshots/OrdersScreensTests).
@MainActor
@Suite("Rules screen rendering")
struct RulesScreenRenderTests {
    nonisolated static let sizes = [Size(width: 80, height: 24), Size(width: 200, height: 60)]
    static let hints = AppKeymap.hints(AppKeymap.defaults(), contexts: [.rules, .global])
    static let queryHints = AppKeymap.hints(AppKeymap.defaults(), contexts: [.ruleQuery, .global])

    /// Orders 1–3 in Germany (1 and 3 over €1,000 is none: each is €20), order 3 flagged by the
    /// rule `10-germany` today; the rules as the text above says.
    static func model() async throws -> RulesModel {
        let now = ScreenFixtures.now
        let store = InMemoryOrderStore(orders: (1...3).map { ScreenFixtures.simpleOrder($0, "Ana Lima", status: .pending, hoursAgo: 2) },
                                       now: { now })
        try await store.addRule(Rule(name: "10-germany", query: "country:DE", trigger: .arrive,
                                     actions: [.tag("de"), .assignRoundRobin(["lena", "jonas"])]))
        try await store.addRule(Rule(name: "20-big", query: "total>1000 pay:paid", trigger: .both,
                                     actions: [.hold(reason: "check the address"), .flag], enabled: false))
        try await store.addRule(Rule(name: "30-\u{1B}[31mred", query: "tag:vip", trigger: .change, actions: [.note("VIP \u{1B}[2J")]))
        _ = try await store.update(OrderID(3), expectedVersion: 1, mutations: [.addTag("de"), .setAssignee("lena")],
                                   actor: "rule:10-germany")
        let model = RulesModel(source: StoreRulesSource(store: store), environment: ScreenFixtures.environment)
        model.load()
        await model.waitForPendingWork()
        return model
    }

    @Test(arguments: sizes)
    func rulesWithTheTrialOfTheFirst(size: Size) async throws {
        let model = try await Self.model()
        model.showTrial()
        await model.waitForPendingWork()
        let screen = RulesScreen(model: model, databaseName: "shop.db", queryCursor: nil, hints: Self.hints)
        expectSnapshot(FrameRenderer.render(screen, size: size, environment: EnvironmentValues()),
                       named: "rules-trial-\(size.width)x\(size.height)")
    }

    @Test(arguments: sizes)
    func aQueryBeingEditedWithItsErrorMarkAndCompletions(size: Size) async throws {
        let model = try await Self.model()
        model.move(by: 2)
        #expect(model.beginEditingQuery())
        model.queryTextChanged("tag:vip total> co")
        let screen = RulesScreen(model: model, databaseName: "shop.db", queryCursor: 17, hints: Self.queryHints)
        expectSnapshot(FrameRenderer.render(screen, size: size, environment: EnvironmentValues()),
                       named: "rules-edit-\(size.width)x\(size.height)")
    }
}
