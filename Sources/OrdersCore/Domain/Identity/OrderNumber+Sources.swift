extension OrderNumber {
    /// Whether an order's `source` is the one a person named (`source:shopify`): the whole name,
    /// ignoring the case of ASCII letters only, which is what SQLite's `NOCASE` compares, so the
    /// stores and the list's index agree with this reference byte for byte.
    public static func isSource(_ source: String, named name: String) -> Bool {
        source.utf8.count == name.utf8.count
            && zip(source.utf8, name.utf8).allSatisfy { asciiLowercased($0) == asciiLowercased($1) }
    }

    private static func asciiLowercased(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
    }
}
