import OrdersCore

/// One thing the fuzzer feeds bytes to, with the properties every input must keep.
/// A new importer (Shopify, WooCommerce…) becomes a target by giving its corpus and
/// format to `ImportTarget`; anything else conforms here.
public protocol FuzzTarget: Sendable {
    /// The name on the command line: `./dev fuzz NAME`.
    var name: String { get }
    /// Well-formed inputs the mutations start from.
    var corpus: [[UInt8]] { get }
    /// Bytes that mean something to this input's syntax, inserted by mutations.
    var structuralBytes: [UInt8] { get }
    /// Runs one input. Nil when every property held; otherwise what went wrong, in a sentence.
    /// A trap or a hang is found by the runner (watchdog) or the supervising process.
    func check(_ input: [UInt8]) async -> String?
    /// Builds what every case shares (a database, say) before the first case runs, so that
    /// cost is never charged to one case's watchdog budget.
    func prepare() async
}

extension FuzzTarget {
    /// Most targets share nothing between cases.
    public func prepare() async {}
}
