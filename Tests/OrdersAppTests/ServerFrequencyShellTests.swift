import Foundation
import OrdersApp
import OrdersCore
import TermRender
import TerminalTestSupport
import Testing

/// The frequency sheet on a PostgreSQL database whose list the server serves: the counts come from
/// the server (one GROUP BY over the list's query), and they are the ones the in-memory list gives.
@Suite("Frequency sheet of a server-served list, in the app")
@MainActor
struct ServerFrequencyShellTests {
    @Test("% over the Pending tab on a served list: the server's counts, equal to the in-memory ones; Enter filters")
    func servedCounts() async throws {
        let (app, store) = try await ShellStore.startServed(size: Size(width: 80, height: 24))
        #expect(app.coordinator.list.isServedByServer)
        await app.send(.list(.nextTab)) {
            $0.list.tab = .pending
            $0.list.shown = [1, 7]
            $0.list.selected = 1
        }
        // Pending: José García's 1 (US$120) and Bob Stone's 7 (US$45).
        let customers = FrequencyTable(field: .customer, rows: [
            FrequencyRow(value: "Bob Stone", count: 1, totals: ["USD": 45]),
            FrequencyRow(value: "José García", count: 1, totals: ["USD": 120]),
        ], orderCount: 2)
        await app.type("%") {
            $0.modal = .commandPalette(cursor: 6)
            $0.paletteText = ":freq "
            $0.paletteSuggestion = 0
        }
        await app.type("customer\r") {
            $0.modal = .frequency(FrequencySheetState(field: .customer, table: customers))
            $0.paletteText = ""
        }
        // The same query, asked of the server directly.
        let query = app.coordinator.list.query
        let parts = try await store.listFrequency(matching: query, of: .customer)
        #expect(FrequencyTable(field: .customer, merging: parts, orderCount: 2) == customers)
        await app.type("\r") {
            $0.modal = nil
            $0.list.search = #"customer:"Bob Stone""#
            $0.list.shown = [7]
            $0.list.selected = 7
        }
        await store.close()
    }
}
