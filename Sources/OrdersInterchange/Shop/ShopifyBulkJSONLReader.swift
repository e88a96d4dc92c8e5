import Foundation

/// The result file of a Shopify bulk operation (`bulkOperationRunQuery` over `orders`): JSON
/// Lines, one GraphQL object a line. Facts of the format it relies on: each connection's nodes
/// (an order's `lineItems`, a refund's `refundLineItems`) are not nested but written on lines of
/// their own after their parent, naming it with `__parentId` (the parent's `id`, a global id like
/// `gid://shopify/Order/1001`), also when the parent sits in a plain list of the order (a refund's
/// `refundLineItems` name the refund); plain lists (`fulfillments`, `refunds`) and objects stay nested;
/// fields are GraphQL's (`createdAt`, `displayFinancialStatus`, `totalPriceSet { shopMoney {
/// amount currencyCode } }`, `trackingInfo`). An order is put back together from its lines and
/// read by the Admin API reader (`JSONOrderReader`) through `ShopifyGraphQLOrder`, which says
/// which GraphQL field is which REST one; so problems name the REST field (`total_price`).
enum ShopifyBulkJSONLReader {
    static func orders(in bytes: [UInt8], file: String) throws(ImportError) -> ShopFileContents {
        func fail(_ location: RecordLocation, _ problem: String) -> ImportError {
            ImportError(problems: [ImportProblem(file: file, location: location, field: nil, problem: problem)])
        }
        let text = try ShopJSONDocument.utf8Text(bytes, file: file)
        var roots: [(line: Int, object: [String: JSONValue])] = []
        // Where each object with an id is: roots by index, children by the path to them.
        var rootIndex: [String: Int] = [:]
        var childPath: [String: (root: Int, type: String, index: Int)] = [:]
        var problems: [ImportProblem] = []
        let decoder = JSONDecoder()
        for (offset, lineBytes) in text.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated() {
            let line = offset + 1
            let trimmed = lineBytes.drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
            guard !trimmed.isEmpty, !trimmed.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) else { continue }
            if let failure = JSONSyntaxCheck.firstError(in: Array(lineBytes)) {
                throw fail(.position(line: line, column: failure.column), failure.message)
            }
            guard case .object(var object)? = try? decoder.decode(JSONValue.self, from: Data(lineBytes)) else {
                throw fail(.line(line), "is not a JSON object; a bulk operation writes one object a line")
            }
            let id = object["id"]?.text
            guard let parent = object.removeValue(forKey: "__parentId")?.text else {
                if let id { rootIndex[id] = roots.count }
                // Objects with ids inside the root's plain lists (a refund in `refunds`) may be parents
                // too: a connection under them (its `refundLineItems`) is written on lines of its own.
                for (key, value) in object {
                    guard case .array(let members) = value else { continue }
                    for (index, member) in members.enumerated() {
                        if let nestedID = member["id"]?.text { childPath[nestedID] = (roots.count, key, index) }
                    }
                }
                roots.append((line, object))
                continue
            }
            // A child goes into its parent's list of its type (`LineItem` → `lineItems`).
            let type = Self.listName(ofType: id.flatMap(Self.type(ofGlobalID:)) ?? "children")
            if let root = rootIndex[parent] {
                var list = roots[root].object[type]?.objectList ?? []
                list.append(.object(object))
                roots[root].object[type] = .array(list)
                if let id { childPath[id] = (root, type, list.count - 1) }
            } else if let path = childPath[parent], case .array(var siblings)? = roots[path.root].object[path.type],
                      case .object(var parentObject) = siblings[path.index] {
                var list = parentObject[type]?.objectList ?? []
                list.append(.object(object))
                parentObject[type] = .array(list)
                siblings[path.index] = .object(parentObject)
                roots[path.root].object[path.type] = .array(siblings)
            } else {
                problems.append(ImportProblem(file: file, location: .line(line), field: "__parentId",
                                              problem: "names \(parent), which no line before it is"))
            }
        }
        if roots.isEmpty, problems.isEmpty { throw fail(.file, "holds no orders") }
        return ShopFileContents(reading: roots.lazy.map { root in
            JSONOrderReader(file: file, location: .line(root.line), object: ShopifyGraphQLOrder.restShaped(.object(root.object)),
                            format: .shopifyJSONL)
        }, after: problems)
    }

    /// `gid://shopify/LineItem/5` → `LineItem`.
    static func type(ofGlobalID id: String) -> String? {
        let parts = id.split(separator: "/")
        guard id.hasPrefix("gid://"), parts.count >= 3 else { return nil }
        return String(parts[parts.count - 2])
    }

    /// The connection a child of this type comes from: `LineItem` → `lineItems`.
    static func listName(ofType type: String) -> String {
        guard let first = type.first else { return type }
        return first.lowercased() + type.dropFirst() + "s"
    }
}

extension JSONValue {
    /// The nodes of a list as GraphQL may write it: a plain array, `{nodes: [...]}` or
    /// `{edges: [{node}]}`; empty for anything else.
    package var objectList: [JSONValue] {
        switch self {
        case .array(let values): values
        case .object(let members):
            if case .array(let nodes)? = members["nodes"] { nodes }
            else if case .array(let edges)? = members["edges"] { edges.compactMap { $0["node"] } }
            else { [] }
        default: []
        }
    }
}
