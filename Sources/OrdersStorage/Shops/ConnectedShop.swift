import Foundation
import OrdersCore

/// The shop platforms orders pulls from.
public enum ShopPlatform: String, Sendable, Hashable, CaseIterable {
    case shopify
    case woocommerce
}

/// A shop orders is connected to (`orders shop add`), as the `shops` table keeps it: where it is,
/// where its credentials are read from (the file's path only: the credential itself is never
/// stored), and how far pulling has come.
public struct ConnectedShop: Sendable, Hashable {
    /// The shop's name: the source of its orders (`NAME:#1001`).
    public var name: String
    public var platform: ShopPlatform
    /// The https base URL (`https://example.myshopify.com`, `https://shop.example`), without a final `/`.
    public var url: String
    /// A PEM file of the certificate authority to trust for this shop (`--ca-file`), absolute.
    public var caFile: String?
    /// The file holding the access token (Shopify) or `KEY:SECRET` (WooCommerce), absolute.
    public var credentialsFile: String
    /// The newest `updated_at` pulled so far: the next pull asks for orders changed since a
    /// little before it (`ShopPuller.overlap`). Nil before the first pull.
    public var pulledThrough: Date?
    public var lastPullAt: Date?
    /// Orders written by pulls (new or changed), all pulls together.
    public var ordersPulled: Int
    /// The last pull's failure in one sentence, nil after a pull that went through.
    public var lastError: String?
    /// Facts queued for the shop and not yet sent (`ShopFactState.waiting`).
    public var factsWaiting: Int
    /// Facts the shop refused (`ShopFactState.refused`).
    public var factsRefused: Int

    public init(name: String, platform: ShopPlatform, url: String, caFile: String?, credentialsFile: String,
                pulledThrough: Date? = nil, lastPullAt: Date? = nil, ordersPulled: Int = 0, lastError: String? = nil,
                factsWaiting: Int = 0, factsRefused: Int = 0) {
        self.factsWaiting = factsWaiting
        self.factsRefused = factsRefused
        self.name = name
        self.platform = platform
        self.url = url
        self.caFile = caFile
        self.credentialsFile = credentialsFile
        self.pulledThrough = pulledThrough
        self.lastPullAt = lastPullAt
        self.ordersPulled = ordersPulled
        self.lastError = lastError
    }

    /// What a shop's name may be: it becomes the source of its orders and is typed in
    /// `NAME:#1001`, so letters, digits, `-`, `_` and `.`, 1 to 40 of them, starting with a letter or digit.
    public static func validatedName(_ name: String) throws(ShopRegistryError) -> String {
        let allowed = name.unicodeScalars.allSatisfy { ($0.isASCII && CharacterSet.alphanumerics.contains($0)) || "-_.".unicodeScalars.contains($0) }
        guard (1...40).contains(name.count), allowed, name.first.map({ $0.isLetter || $0.isNumber }) == true else {
            throw .invalid("A shop's name is 1 to 40 letters, digits, '-', '_' or '.', starting with a letter or digit; \"\(name)\" is not.")
        }
        return name
    }

    /// The URL as stored: https only, without a final `/`.
    public static func validatedURL(_ url: String) throws(ShopRegistryError) -> String {
        var trimmed = url.trimmingCharacters(in: .whitespaces)
        while trimmed.hasSuffix("/") { trimmed.removeLast() }
        guard let parsed = URLComponents(string: trimmed), parsed.scheme?.lowercased() == "https", let host = parsed.host, !host.isEmpty,
              parsed.user == nil, parsed.password == nil, parsed.query == nil else {
            throw .invalid("A shop's URL is an https address without a password or query, like https://example.myshopify.com; \"\(url)\" is not.")
        }
        return trimmed
    }
}

/// Why a shop could not be added, found or changed: one sentence each.
public enum ShopRegistryError: Error, Sendable, Hashable, CustomStringConvertible {
    case invalid(String)
    case duplicateName(String)
    case notFound(String)
    /// A shop with facts waiting to be sent is not removed: they would be lost unsent.
    case factsWaiting(String, Int)

    public var description: String {
        switch self {
        case .invalid(let reason): reason
        case .duplicateName(let name): "A shop named \(name) is connected already (orders shop list)."
        case .notFound(let name): "No shop is named \(name) (orders shop list)."
        case .factsWaiting(let name, let count):
            "\(name) has \(count) fact\(count == 1 ? "" : "s") waiting to be sent; send \(count == 1 ? "it" : "them") (orders sync \(name)) "
                + "or drop \(count == 1 ? "it" : "them") (orders shop facts \(name), orders shop drop \(name) ID) before removing the shop."
        }
    }
}

/// What one page of a pull writes, in one transaction: the page's new and changed orders, and
/// the shop's progress, so an interrupted pull resumes after the last page written.
public struct ShopPullPage: Sendable {
    public var shop: String
    public var orders: [Order]
    /// The stored version each changed order was merged with: a change made here meanwhile refuses the page.
    public var expectedVersions: [OrderID: Int]
    /// The newest `updated_at` of the page's orders (written or not), nil to leave it.
    public var pulledThrough: Date?
    public var actor: String
    /// What the rules applied to these orders (`OrderStore.upsert`'s `audit`).
    public var audit: [AuditEntry]

    public init(shop: String, orders: [Order], expectedVersions: [OrderID: Int], pulledThrough: Date?, actor: String,
                audit: [AuditEntry] = []) {
        self.audit = audit
        self.shop = shop
        self.orders = orders
        self.expectedVersions = expectedVersions
        self.pulledThrough = pulledThrough
        self.actor = actor
    }
}

/// The connected shops of a database: every real store keeps them in its `shops` table (SQLite
/// migration 10, PostgreSQL migration 10).
public protocol ShopRegistry: Sendable {
    func shops() async throws -> [ConnectedShop]
    /// Refused with `.duplicateName` when the name is taken.
    func addShop(_ shop: ConnectedShop, at date: Date) async throws
    /// Forgets the shop (its orders stay); refused with `.notFound`.
    func removeShop(named name: String) async throws
    /// Writes a page's orders and the shop's progress in one transaction (all or nothing).
    func recordPullPage(_ page: ShopPullPage) async throws
    /// Ends a pull: when it ran, and its failure or nil.
    func recordPullEnd(of shop: String, at date: Date, error: String?) async throws
}
