import Foundation
@testable import OrdersCore
@testable import OrdersStorage
import OrdersTestSupport
import Testing

/// Many operators on one order at once: replacing writes race and all but one per version are
/// refused with a conflict; notes are appends and are never refused. Nothing is lost either way.
///
/// Eight connections writing as fast as they can is far beyond a team's pace: on a loaded machine
/// one of them may wait out SQLite's busy timeout and be refused as "locked by another program",
/// with nothing written. That refusal is the product's answer to an operator (who then tries again),
/// so a writer here tries again too (`retryingWhileBusy`); it never counts as a conflict or a write.
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
        let original = try #require(DemoFixtures.storeSample.first { $0.notes.isEmpty && $0.assignee == nil })
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
                        let name = "w\(writer)-\(attempt)"
                        try await Self.retryingWhileBusy {
                            guard let seen = try await store.order(id) else { throw OrderStoreError.notFound(id) }
                            do {
                                try await store.update(id, expectedVersion: seen.version, mutations: [.setAssignee(name)], actor: "w\(writer)")
                                outcome.assigned.append(name)
                            } catch OrderStoreError.conflict {
                                outcome.conflicts += 1
                            }
                        }
                    }
                    return outcome
                }
                // Appends, always claiming the first version, as a stale screen would.
                group.addTask {
                    for attempt in 0..<Self.attempts {
                        try await Self.retryingWhileBusy {
                            try await store.update(id, expectedVersion: 1, mutations: [.addNote("n\(writer)-\(attempt)")], actor: "n\(writer)")
                        }
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

    /// Runs a write again while the store refuses it as locked by another writer (nothing written),
    /// as an operator would; any other error, or a write still refused after many tries, fails the test.
    static func retryingWhileBusy(_ write: () async throws -> Void) async throws {
        for _ in 0..<20 {
            do {
                return try await write()
            } catch OrderStoreError.unusable(let reason) where reason.contains("is locked by another program") {
                continue
            }
        }
        try await write()
    }
}
