import Foundation

/// The app's own CSV and JSON formats: a header, good rows and files, and malformed files with the exact problem each gives.
package enum FileFixtures {
    package static let header = "id,customer,email,country,currency,status,created_at,flagged,tags,assignee,discount,shipping,tax,sku,title,quantity,unit_price"

    package static let goodRow = "ORD-0000001,José Müller-Łukasiewicz,jose@example.com,DE,EUR,pending,2026-03-01T09:30:00Z,false,vip;gift,chen,0,4.99,1.00,KB-1,Keyboard,1,99.50"

    package static func csv(_ rows: String...) -> [UInt8] {
        Array((([header] + rows).joined(separator: "\n") + "\n").utf8)
    }

    package static let goodJSON = """
        {"id": "ORD-0000003", "customer": "王秀英", "email": "wang@example.cn", "country": "CN", "currency": "CNY",
         "status": "shipped", "created_at": "2026-02-28T23:59:59.999+08:00", "flagged": true, "tags": ["fragile"],
         "assignee": null, "discount": 0, "shipping": 12.5, "tax": 13.00,
         "items": [{"sku": "TE-1", "title": "Matcha 抹茶", "quantity": 3, "unit_price": 32.10}]}
        """

    package static let malformedJSON: [(String, String, String)] = [
        ("truncated", "[\(goodJSON.dropLast(30))", "bad.json, line 4, column 57: is not valid JSON: the file ends too early"),
        ("not an array", goodJSON, "bad.json: is not a JSON array of orders"),
        ("empty array", "[]", "bad.json: holds no orders (an empty array)"),
        ("quantity is text", "[\(goodJSON.replacingOccurrences(of: "\"quantity\": 3", with: "\"quantity\": \"3\""))]",
         "bad.json, index 0, field items[0].quantity: expected a number"),
        ("quantity is fractional", "[\(goodJSON.replacingOccurrences(of: "\"quantity\": 3", with: "\"quantity\": 2.5"))]",
         "bad.json, index 0, field items[0].quantity: expected a whole number"),
        ("missing email", "[\(goodJSON), \(goodJSON.replacingOccurrences(of: "\"email\": \"wang@example.cn\",", with: "").replacingOccurrences(of: "ORD-0000003", with: "ORD-0000004"))]",
         "bad.json, index 1, field email: is missing"),
        ("price is text", "[\(goodJSON.replacingOccurrences(of: "32.10", with: "\"32.10 EUR\""))]",
         "bad.json, index 0, field items[0].unit_price: expected a number"),
        ("negative quantity", "[\(goodJSON.replacingOccurrences(of: "\"quantity\": 3", with: "\"quantity\": -1"))]",
         "bad.json, index 0, field items[0].quantity: must be at least 1, got -1"),
        ("unknown status", "[\(goodJSON.replacingOccurrences(of: "shipped", with: "teleported"))]",
         "bad.json, index 0, field status: unknown status \"teleported\" (expected one of pending, processing, shipped, completed, cancelled, refunded)"),
        ("duplicate id", "[\(goodJSON), \(goodJSON)]", "bad.json, index 1, field id: ORD-0000003 appears again (first at index 0)"),
        ("flag is text", "[\(goodJSON.replacingOccurrences(of: "\"flagged\": true", with: "\"flagged\": \"yes\""))]",
         "bad.json, index 0, field flagged: expected true or false"),
        ("huge title", "[\(goodJSON.replacingOccurrences(of: "Matcha 抹茶", with: String(repeating: "x", count: 5_000)))]",
         "bad.json, index 0, field items[0].title: is longer than 1000 characters"),
    ]
}
