import Foundation
@testable import OrdersCore
@testable import OrdersStorage
import OrdersTestSupport
import TerminalTestSupport
import Testing

/// Saved views as every store keeps them: seeded once, names unique with case ignored, replaced
/// only when asked, renamed and deleted for good, and every change told on the change feed to
/// other handles (another process on the same database).
@Suite("Store contract: saved views")
struct StoreViewsContractTests {
    static let seeded: [(String, String, String)] = [
        ("To fulfil", "status:processing -ship:on_hold", "date:asc"),
        ("Unpaid > 3 days", "status:pending age>3d", "date:asc"),
        ("High risk", "risk:high status:pending,processing", "total:desc"),
        ("Mine", "assignee:me status:pending,processing", "date:asc"),
    ]

    static func summary(_ views: [SavedView]) -> [String] {
        views.map { "\($0.name) | \($0.query) | \($0.sort) | \($0.columns.joined(separator: ",")) | \($0.updatedBy)" }
    }

    static let allColumns = "number,date,age,customer,items,total,status"

    @Test(arguments: StoreKind.allCases)
    func aNewDatabaseStartsWithTheDefaultViews(_ kind: StoreKind) async throws {
        let fixture = try StoreFixture(kind)
        let store = try #require(fixture.store as? any ViewStore)
        let views = try await store.savedViews()
        #expect(Self.summary(views) == Self.seeded.map { "\($0.0) | \($0.1) | \($0.2) | \(Self.allColumns) | orders" })
        #expect(views.allSatisfy { !$0.isPersonal && $0.createdAt == $0.updatedAt })
        // The SQL seeds and the Swift list are one set.
        #expect(DefaultViews.definitions.map { "\($0.name) | \($0.query) | \($0.sort)" } == Self.seeded.map { "\($0.0) | \($0.1) | \($0.2)" })
    }

    @Test(arguments: StoreKind.allCases)
    func savingReplacingRenamingAndDeleting(_ kind: StoreKind) async throws {
        let clock = TestClock()
        let fixture = try StoreFixture(kind, clock: clock)
        let store = try #require(fixture.store as? any ViewStore)
        let created = Date(timeIntervalSince1970: 1_790_000_000)
        let urgent = SavedView(name: "  Urgent DE ", query: "country:DE \"gift wrap\"", sort: "total:desc",
                               columns: ["number", "customer", "total"], createdAt: created, updatedBy: "ana")
        clock.advance(by: 60)
        let stored = try await store.saveView(urgent, replacing: false)
        #expect(stored.name == "Urgent DE")
        #expect(Self.summary(try await store.savedViews()).last == "Urgent DE | country:DE \"gift wrap\" | total:desc | number,customer,total | ana")

        // The same name in another case is the same view: refused unless replacing, nothing written.
        var again = urgent
        again.name = "URGENT de"
        again.query = "country:DE"
        again.updatedBy = "bo"
        await #expect(throws: SavedViewError.exists("Urgent DE")) { try await store.saveView(again, replacing: false) }
        #expect(try await store.savedViews().count == 5)
        clock.advance(by: 60)
        try await store.saveView(again, replacing: true)
        var views = try await store.savedViews()
        #expect(Self.summary(views) == Self.seeded.map { "\($0.0) | \($0.1) | \($0.2) | \(Self.allColumns) | orders" }
            + ["URGENT de | country:DE | total:desc | number,customer,total | bo"])
        // Replacing keeps the place and the creation time; the update time is the store's clock.
        #expect(views[4].createdAt == created)
        #expect(views[4].updatedAt == created.addingTimeInterval(120))

        // Renaming: only the name, time and actor move; another view's name is refused.
        await #expect(throws: SavedViewError.exists("Mine")) { try await store.renameView("urgent DE", to: "mine", actor: "cy") }
        await #expect(throws: SavedViewError.notFound("Nope", known: Self.seeded.map(\.0) + ["URGENT de"])) {
            try await store.renameView("Nope", to: "Other", actor: "cy")
        }
        await #expect(throws: SavedViewError.invalidName("a view needs a name")) {
            try await store.renameView("Mine", to: "  ", actor: "cy")
        }
        try await store.renameView("urgent de", to: "Urgent (Germany)", actor: "cy")
        // A rename to the same name in another case is allowed (it is the same view).
        try await store.renameView("mine", to: "MINE", actor: "cy")
        views = try await store.savedViews()
        #expect(views.map(\.name) == ["To fulfil", "Unpaid > 3 days", "High risk", "MINE", "Urgent (Germany)"])
        #expect(views[4].updatedBy == "cy")

        // Deleting a seeded view sticks: a second handle (another process) does not see it again.
        try await store.deleteView("to FULFIL")
        await #expect(throws: SavedViewError.notFound("To fulfil", known: ["Unpaid > 3 days", "High risk", "MINE", "Urgent (Germany)"])) {
            try await store.deleteView("To fulfil")
        }
        let second = try #require(try fixture.secondHandle() as? any ViewStore)
        #expect(try await second.savedViews().map(\.name) == ["Unpaid > 3 days", "High risk", "MINE", "Urgent (Germany)"])
    }

    @Test(arguments: StoreKind.allCases)
    func namesAreCheckedBeforeAnythingIsWritten(_ kind: StoreKind) async throws {
        let fixture = try StoreFixture(kind)
        let store = try #require(fixture.store as? any ViewStore)
        let now = Date(timeIntervalSince1970: 1_790_000_000)
        for (name, reason) in [("", "a view needs a name"),
                               (String(repeating: "x", count: 41), "a view's name is at most 40 characters long"),
                               ("Bad\u{1B}[2J", "a view's name cannot hold control or formatting characters"),
                               ("Evil\u{202E}name", "a view's name cannot hold control or formatting characters")] {
            await #expect(throws: SavedViewError.invalidName(reason)) {
                try await store.saveView(SavedView(name: name, query: "", sort: "date:desc", createdAt: now, updatedBy: "ana"),
                                         replacing: true)
            }
        }
        #expect(try await store.savedViews().count == 4)
        // Text in a query is kept verbatim, whatever it holds.
        let odd = "customer:\"Zoë 王\" -tag:'x' total>1000 \\ %_"
        try await store.saveView(SavedView(name: "Zoë 王", query: odd, sort: "customer:asc", createdAt: now, updatedBy: "ana"),
                                 replacing: false)
        #expect(try await store.savedViews().last?.query == odd)
    }

    @Test(arguments: StoreKind.allCases)
    func otherHandlesHearOfEveryChange(_ kind: StoreKind) async throws {
        let fixture = try StoreFixture(kind)
        let store = try #require(fixture.store as? any ViewStore)
        let other = try fixture.secondHandle()
        let feed = other.changes()
        let now = Date(timeIntervalSince1970: 1_790_000_000)
        try await store.saveView(SavedView(name: "Late", query: "age>7d", sort: "date:asc", createdAt: now, updatedBy: "ana"),
                                 replacing: false)
        #expect(try #require(await feed.nextChange()) == .savedViews)
        try await store.renameView("Late", to: "Very late", actor: "ana")
        #expect(try #require(await feed.nextChange()) == .savedViews)
        try await store.deleteView("Very late")
        #expect(try #require(await feed.nextChange()) == .savedViews)
        #expect(try await (other as? any ViewStore)?.savedViews().map(\.name) == Self.seeded.map(\.0))
    }
}
