import OrdersCore

/// Every fuzz target, by the name `./dev fuzz` takes.
public enum FuzzCatalog {
    public static let targets: [any FuzzTarget] = [
        ImportTarget(name: "csv-import", format: .csv, corpus: FuzzFixtures.corpus(.csv), structuralBytes: Array(",\"\r\n;".utf8)),
        ImportTarget(name: "json-import", format: .json, corpus: FuzzFixtures.corpus(.json),
                     structuralBytes: Array(",\"[]{}:\\ \nu0e-.".utf8)),
        ShopReaderTarget.shopifyCSV,
        ShopReaderTarget.wooCommerceCSV,
        ShopReaderTarget.shopifyJSON,
        QueryParserTarget(),
        InputDecoderTarget(),
    ]

    public static func target(named name: String) -> (any FuzzTarget)? {
        targets.first { $0.name == name }
    }
}
