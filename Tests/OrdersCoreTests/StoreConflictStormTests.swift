import Foundation
import Testing
@testable import OrdersCore

/// Many operators on one order at once: replacing writes race and all but one per version are
/// refused with a conflict; notes are appends and are never refused. Nothing is lost either way.
@Suite("Store conflict storm")
struct StoreConflictStormTests {
    static let writers = 4
    static let attempts = 250

    /// What one writer did: the assignees it set, and how many of its writes were refused as conflicts.
    struct Outcome: Sendable {
        var assigned: [String] = []
        var conflicts = 0
    }

    @Test(arguments: [StoreKind.sqlite, .postgres])
    func noWriteIsLostAndEveryRefusalIsAConflict(_ kind: StoreKind) async throws {
        let fixture = try StoreFixture(kind)
        let original = try #require(StoreContractTests.sample.first { $0.notes.isEmpty && $0.assignee == nil })
        try await fixture.store.insert([original])
        // Each writer has its own connection, as each operator's process would.
        let handles = try (0..<Self.writers).map { _ in try fixture.secondHandle() }
        let id = original.id
        let outcomes = try await withThrowingTaskGroup(of: Outcome.self) { group in
            for (writer, store) in handles.enumerated() {
                // Replacing writes, each at the version the writer last read.
                group.addTask {
                    var outcome = Outcome()
                    for attempt in 0..<Self.attempts {
                        guard let seen = try await store.order(id) else { throw OrderStoreError.notFound(id) }
                        let name = "w\(writer)-\(attempt)"
                        do {
                            try await store.update(id, expectedVersion: seen.version, mutations: [.setAssignee(name)], actor: "w\(writer)")
                            outcome.assigned.append(name)
                        } catch OrderStoreError.conflict {
                            outcome.conflicts += 1
                        }
                    }
                    return outcome
                }
                // Appends, always claiming the first version, as a stale screen would.
                group.addTask {
                    for attempt in 0..<Self.attempts {
                        try await store.update(id, expectedVersion: 1, mutations: [.addNote("n\(writer)-\(attempt)")], actor: "n\(writer)")
                    }
                    return Outcome()
                }
            }
            return try await group.reduce(into: [Outcome]()) { $0.append($1) }
        }
        let assigned = outcomes.flatMap(\.assigned)
        let conflicts = outcomes.map(\.conflicts).reduce(0, +)
        #expect(assigned.count + conflicts == Self.writers * Self.attempts)

        let stored = try #require(try await fixture.store.order(id))
        let notes = Self.writers * Self.attempts
        #expect(stored.version == 1 + assigned.count + notes)
        for writer in 0..<Self.writers {
            #expect(stored.notes.filter { $0.author == "n\(writer)" }.map(\.text) == (0..<Self.attempts).map { "n\(writer)-\($0)" })
        }
        #expect(stored.notes.count == notes)
        // Every accepted assignment is in the history, in the order the store took them.
        let history = try await fixture.store.history(of: id)
        let assignments = history.filter { $0.field == "assignee" }.compactMap(\.newValue)
        #expect(assignments.count == assigned.count)
        #expect(Set(assignments) == Set(assigned))
        #expect(stored.assignee == assignments.last)
        #expect(history.count == assigned.count + notes)
    }
}
