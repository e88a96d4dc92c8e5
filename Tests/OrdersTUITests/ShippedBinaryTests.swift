import Foundation
import Testing

/// Nothing for tests in the product: the fault hook of the fatal-signal tests lives only in the test
/// program `OrdersFaulty`. Read in the debug build `swift test` runs (the release build is made from
/// the same targets); `strings .build/release/orders | grep -c ORDERS_TEST_FAULT` prints 0.
@Suite("orders ships no test hooks")
struct ShippedBinaryTests {
    /// Text that only the fault hook and the faults it raises put into a program.
    static let testOnlyMarks = ["ORDERS_TEST_FAULT", "FaultInjection", "InjectedFault"]

    static func marks(in url: URL) throws -> [String] {
        let bytes = try Data(contentsOf: url, options: .alwaysMapped)
        return testOnlyMarks.filter { bytes.range(of: Data($0.utf8)) != nil }
    }

    @Test("the orders binary holds no fault hook, no fault code and no ORDERS_TEST_FAULT")
    func ordersHasNoFaultHook() throws {
        #expect(try Self.marks(in: OrdersBinary.url) == [])
    }

    @Test("the test program with the fault hook holds all of it (so the check above can see them)")
    func faultyProgramHasTheHook() throws {
        #expect(try Self.marks(in: OrdersBinary.withFaultHookURL) == Self.testOnlyMarks)
    }
}
