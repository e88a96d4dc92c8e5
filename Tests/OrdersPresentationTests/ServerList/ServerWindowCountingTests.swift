import Foundation
@testable import OrdersCore
@testable import OrdersInterchange
@testable import OrdersPresentation
@testable import OrdersStorage
import OrdersTestSupport
import Testing

/// The served list's window while a new search's counts are still to come: its length is the rows
/// known (exact once a read forwards comes back short), its end is never read backwards, and rows
/// read around the selected order stand at a guessed place until it is counted. Pure values.
@Suite("Server window: rows known before the counts, and a guessed place")
struct ServerWindowCountingTests {
    static let rows = DemoDataGenerator(seed: 14, now: OrderFixtures.now).orders(count: 400).map(OrderIndexRow.init)

    /// What a window holds and knows, for whole-value comparisons.
    struct Shape: Equatable {
        var offset: Int
        var ids: [OrderID]
        var rowCount: Int
        var rowCountIsExact: Bool
        var guessedPlace: Int?

        init(offset: Int, rows: ArraySlice<OrderIndexRow>, rowCount: Int, rowCountIsExact: Bool, guessedPlace: Int? = nil) {
            self.offset = offset
            ids = rows.map(\.id)
            self.rowCount = rowCount
            self.rowCountIsExact = rowCountIsExact
            self.guessedPlace = guessedPlace
        }

        init(_ window: ServerWindow) {
            offset = window.offset
            ids = window.rows.map(\.id)
            rowCount = window.rowCount
            rowCountIsExact = window.rowCountIsExact
            guessedPlace = window.guessedPlace
        }
    }

    /// A window of a new search whose counts are being counted (nothing read yet).
    static func counting() -> ServerWindow {
        var window = ServerWindow(query: OrderQuery(filters: [OrderFilter(.text("a"))]), statuses: nil)
        window.tally = nil
        window.rowCountIsExact = false
        return window
    }

    @Test("reads forwards make the list longer until one comes back short; the end is never read backwards")
    func rowsKnown() throws {
        var window = Self.counting()
        let first = try #require(window.fetch(toCover: 0..<20))
        #expect(first.start == .offset(0) && first.limit == 200)
        window = window.taking(Array(Self.rows[0..<200]), from: first.start, limit: first.limit, needed: 0..<20)
        #expect(Shape(window) == Shape(offset: 0, rows: Self.rows[0..<200], rowCount: 200, rowCountIsExact: false))
        // Past the rows known: the next rows after the last one, not the end read backwards.
        let next = try #require(window.fetch(toCover: 190..<220))
        #expect(next.start == .after(PageCursor(Self.rows[199])) && next.limit == 200)
        let far = try #require(window.fetch(toCover: 1000..<1020))
        #expect(far.start == .offset(950) && far.limit == 200)
        // 150 of the 200 asked for: that is the end.
        window = window.taking(Array(Self.rows[200..<350]), from: next.start, limit: next.limit, needed: 190..<220)
        #expect(Shape(window) == Shape(offset: 0, rows: Self.rows[0..<350], rowCount: 350, rowCountIsExact: true))
        #expect(window.holdsEnd)
        // The counts say how long the tab's list is.
        window = window.counted(ListTally(countsByStatus: [.pending: 340, .shipped: 10]))
        #expect(Shape(window) == Shape(offset: 0, rows: Self.rows[0..<350], rowCount: 350, rowCountIsExact: true))
    }

    @Test("rows read around the selected order: placed exactly by a short read before it, else guessed until counted")
    func around() throws {
        let known = Self.counting().around(before: Array(Self.rows[0..<12]), beforeLimit: 60,
                                           from: Array(Self.rows[12..<212]), limit: 200, guess: 205)
        #expect(Shape(known) == Shape(offset: 0, rows: Self.rows[0..<212], rowCount: 212, rowCountIsExact: false))

        var guessed = Self.counting().around(before: Array(Self.rows[0..<60]), beforeLimit: 60,
                                             from: Array(Self.rows[60..<260]), limit: 200, guess: 205)
        #expect(Shape(guessed) == Shape(offset: 145, rows: Self.rows[0..<260], rowCount: 405, rowCountIsExact: false, guessedPlace: 205))
        // Before the rows held nothing can be read by position; after them, by keyset.
        #expect(guessed.fetch(toCover: 100..<120) == nil)
        let next = try #require(guessed.fetch(toCover: 395..<415))
        #expect(next.start == .after(PageCursor(Self.rows[259])) && next.limit == 200)
        // Counted before placed: the counts are in, the length waits for the place.
        guessed = guessed.counted(ListTally(countsByStatus: [.pending: 380]))
        #expect(Shape(guessed) == Shape(offset: 145, rows: Self.rows[0..<260], rowCount: 405, rowCountIsExact: false, guessedPlace: 205))
        guessed = guessed.placed(at: 90)
        #expect(Shape(guessed) == Shape(offset: 30, rows: Self.rows[0..<260], rowCount: 380, rowCountIsExact: true))

        // Placed before counted: every position moves, the length is still the rows known.
        let placed = Self.counting().around(before: Array(Self.rows[0..<60]), beforeLimit: 60,
                                            from: Array(Self.rows[60..<260]), limit: 200, guess: 205).placed(at: 90)
        #expect(Shape(placed) == Shape(offset: 30, rows: Self.rows[0..<260], rowCount: 290, rowCountIsExact: false))
    }

    @Test("rows read around the selected order with the counts held (a sort change under a search): the length is the count; a short read from it on places it")
    func aroundWithTheCounts() throws {
        var window = ServerWindow(query: OrderQuery(filters: [OrderFilter(.text("a"))]), statuses: nil)
        window = window.counted(ListTally(countsByStatus: [.pending: 380]))
        // The rows from it on reach the end (fewer than asked for): 380 − 100 come before it.
        let placedByTheEnd = window.around(before: Array(Self.rows[0..<60]), beforeLimit: 60,
                                           from: Array(Self.rows[60..<160]), limit: 200, guess: 5)
        #expect(Shape(placedByTheEnd) == Shape(offset: 220, rows: Self.rows[0..<160], rowCount: 380, rowCountIsExact: true))
        // Placed exactly by a short read before it, the length the count.
        let placedByTheStart = window.around(before: Array(Self.rows[0..<12]), beforeLimit: 60,
                                             from: Array(Self.rows[12..<212]), limit: 200, guess: 205)
        #expect(Shape(placedByTheStart) == Shape(offset: 0, rows: Self.rows[0..<212], rowCount: 380, rowCountIsExact: true))
        // Guessed: at its old place, but never so far that the rows read from it on pass the end.
        let guessed = window.around(before: Array(Self.rows[0..<60]), beforeLimit: 60,
                                    from: Array(Self.rows[60..<260]), limit: 200, guess: 300)
        #expect(Shape(guessed) == Shape(offset: 120, rows: Self.rows[0..<260], rowCount: 380, rowCountIsExact: true, guessedPlace: 180))
        #expect(Shape(guessed.placed(at: 90)) == Shape(offset: 30, rows: Self.rows[0..<260], rowCount: 380, rowCountIsExact: true))
    }
}
