import Foundation

/// How `orders import` reads a shop's export.
public struct ShopImportOptions: Hashable, Sendable {
    /// The file's format; nil to tell it from the content (`--format`).
    public var format: ShopFormat?
    /// The zone of dates written without one (WooCommerce's; `--tz`).
    public var zone: TimeZone
    /// The source every order gets; nil for the format's shop name (`--source`).
    public var source: String?
    /// Import the orders without problems and list the others, instead of importing nothing (`--skip-invalid`).
    public var skipsInvalid: Bool
    /// How to read any other CSV (`--map`); nil for the shops' own formats.
    public var mapping: CSVMapping?

    public init(format: ShopFormat? = nil, zone: TimeZone, source: String? = nil, skipsInvalid: Bool = false,
                mapping: CSVMapping? = nil) {
        self.mapping = mapping
        self.format = format
        self.zone = zone
        self.source = source
        self.skipsInvalid = skipsInvalid
    }
}
