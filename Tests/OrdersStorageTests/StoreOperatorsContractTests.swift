import Foundation
@testable import OrdersCore
@testable import OrdersStorage
import OrdersTestSupport
import TerminalTestSupport
import Testing

/// Who the operators are, as every store tells it: the assignees and the audit log's actors,
/// and the user the database knows the connection as.
@Suite("Store contract: operators")
struct StoreOperatorsContractTests {

    @Test(arguments: StoreKind.allCases)
    func operatorsAreTheAssigneesAndTheAuditActorsDistinctAndSorted(_ kind: StoreKind) async throws {
        let fixture = try StoreFixture(kind)
        let store = fixture.store
        #expect(try await store.operators() == [])
        try await store.insert([OrderFixtures.assigned(1, assignee: "alice"), OrderFixtures.assigned(2, assignee: "Alice"),
                                OrderFixtures.assigned(3, assignee: nil), OrderFixtures.assigned(4, assignee: "bo")])
        // Inserting writes no audit entries: only the assignees so far.
        #expect(try await store.operators() == ["Alice", "alice", "bo"])
        try await store.update(OrderID(3), expectedVersion: 1, mutations: [.addNote("called")], actor: "zoë")
        try await store.update(OrderID(3), expectedVersion: 2, mutations: [.setAssignee("cy")], actor: "Bo")
        // An operator who only ever acted, one who was only assigned, and two spellings of each name kept apart.
        #expect(try await store.operators() == ["Alice", "alice", "Bo", "bo", "cy", "zoë"])
        // Unassigning keeps the actor (the audit log remembers them), and another handle sees the same.
        try await store.update(OrderID(4), expectedVersion: 1, mutations: [.setAssignee(nil)], actor: "alice")
        let expected = ["Alice", "alice", "Bo", "cy", "zoë"]
        #expect(try await store.operators() == expected)
        #expect(try await fixture.secondHandle().operators() == expected)
    }

    /// The names are read one index seek at a time, never by reading the tables: a launch on a
    /// million orders must not read them all (nor fill the page cache with them) to complete names.
    @Test func sqliteReadsTheNamesFromTheIndexesWithoutScanningATable() async throws {
        let fixture = try StoreFixture(.sqlite)
        try await fixture.store.insert([OrderFixtures.assigned(1, assignee: "alice")])
        let path = try #require(fixture.directory).appendingPathComponent("orders.db").path
        let connection = try SQLiteConnection(path: path, create: false, readOnly: true)
        defer { connection.close() }
        var plan: [String] = []
        try connection.statement("EXPLAIN QUERY PLAN " + OperatorNames.distinctSQL).forEachRow { plan.append($0.text(3)) }
        let tableReads = plan.filter { $0.contains(" orders") || $0.contains(" audit_log") }
        #expect(tableReads == [
            "SEARCH orders USING COVERING INDEX orders_by_assignee_name",
            "SEARCH orders USING COVERING INDEX orders_by_assignee_name (assignee>?)",
            "SEARCH audit_log USING COVERING INDEX audit_log_by_actor",
            "SEARCH audit_log USING COVERING INDEX audit_log_by_actor (actor>?)",
        ])
    }

    @Test(arguments: StoreKind.allCases)
    func theDatabaseUserIsTheServersUserOrElseTheOperatingSystemsUser(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        switch kind {
        case .memory, .sqlite:
            #expect(fixture.store.databaseUser == OperatingSystemUser.name())
            #expect(!fixture.store.databaseUser.isEmpty)
        case .postgres:
            #expect(fixture.store.databaseUser == (try PostgresTestServer.shared.get().user))
        }
    }

    @Test func theActorIsTheOptionElseTheEnvironmentElseTheDatabaseUser() throws {
        let fixture = try StoreFixture(.postgres)
        let store = fixture.store
        #expect(AuditActor.resolve(option: "ines", environment: ["ORDERS_ACTOR": "env"], store: store) == "ines")
        #expect(AuditActor.resolve(option: "", environment: ["ORDERS_ACTOR": "env"], store: store) == "env")
        #expect(AuditActor.resolve(option: nil, environment: ["ORDERS_ACTOR": ""], store: store) == "orders_test")
        #expect(AuditActor.resolve(option: nil, environment: [:], store: InMemoryOrderStore()) == OperatingSystemUser.name())
    }
}
