import Foundation
@testable import OrdersCore
@testable import OrdersPresentation
@testable import OrdersStorage
import OrdersTestSupport
import Testing

/// `:assign` and `assignee:` offer the team's operators: those the store has seen (assignees
/// and audit actors) and those assigned in the list since it loaded.
@Suite("Operator completion")
@MainActor
struct OperatorCompletionTests {
    @Test(":assign offers me, none and the operators; :filter assignee: offers none and the operators, quoted when needed")
    func thePaletteOffersTheOperators() {
        let palette = CommandPaletteModel()
        palette.operators = ["Ana Lima", "bo", "Bogdan", "zoë"]
        palette.textChanged(":assign ")
        #expect(palette.suggestions.map(\.completion) == [":assign me", ":assign none", ":assign Ana Lima", ":assign bo",
                                                          ":assign Bogdan", ":assign zoë"])
        palette.textChanged(":assign bo")
        #expect(palette.suggestions.map(\.title) == ["bo", "Bogdan"])
        palette.complete()
        #expect(palette.submit() == .assign("bo"))

        palette.textChanged(":filter jose -assignee:")
        #expect(palette.suggestions.map(\.completion) == [
            ":filter jose -assignee:none", ":filter jose -assignee:\"Ana Lima\"", ":filter jose -assignee:bo",
            ":filter jose -assignee:Bogdan", ":filter jose -assignee:zoë",
        ])
        palette.textChanged(":filter assignee:an")
        // Fuzzy, as every completion: the best match first.
        #expect(palette.suggestions.map(\.completion) == [":filter assignee:\"Ana Lima\"", ":filter assignee:Bogdan"])
        palette.complete()
        #expect(palette.submit() == .filter("assignee:\"Ana Lima\""))
    }

    @Test("the list's operators are the store's (assignees and audit actors) and everyone assigned since")
    func theListKnowsTheStoresOperatorsAndNewAssignees() async throws {
        let store = InMemoryOrderStore(orders: [OrderFixtures.order(1), OrderFixtures.order(2)])
        try await store.update(OrderID(1), expectedVersion: 1, mutations: [.addNote("hello")], actor: "ines")
        let list = OrderListModel(store: store, environment: PresentationFixtures.environment())
        #expect(list.operators == [])
        list.load()
        await list.waitForPendingWork()
        #expect(list.operators == ["ines"])
        try await store.update(OrderID(2), expectedVersion: 1, mutations: [.setAssignee("Zed")], actor: "ines")
        list.startObservingChanges()
        try await store.update(OrderID(1), expectedVersion: 2, mutations: [.setAssignee("Ana Lima")], actor: "ines")
        await list.waitForChangesHandled(1)
        // Zed was assigned before the list watched, and is only known once it reloads.
        #expect(list.operators == ["Ana Lima", "ines"])
        list.load()
        await list.waitForPendingWork()
        #expect(list.operators == ["Ana Lima", "ines", "Zed"])
    }

    @Test(":tag offers the tags the list's orders carry, each once, fuzzy as every completion")
    func tagsComplete() async throws {
        let store = InMemoryOrderStore(orders: [OrderFixtures.order(1), OrderFixtures.order(2)])
        try await store.update(OrderID(1), expectedVersion: 1, mutations: [.addTag("vip"), .addTag("Needs review")], actor: "ines")
        try await store.update(OrderID(2), expectedVersion: 1, mutations: [.addTag("vip"), .addTag("wholesale")], actor: "ines")
        let list = OrderListModel(store: store, environment: PresentationFixtures.environment())
        list.load()
        await list.waitForPendingWork()
        #expect(list.knownTags == ["Needs review", "vip", "wholesale"])
        let palette = CommandPaletteModel()
        palette.tags = list.knownTags
        palette.textChanged(":tag ")
        #expect(palette.suggestions.map(\.completion) == [":tag Needs review", ":tag vip", ":tag wholesale"])
        palette.textChanged(":tag whl")
        #expect(palette.suggestions.map(\.title) == ["wholesale"])
        palette.complete()
        #expect(palette.submit() == .tag("wholesale"))
    }
}
