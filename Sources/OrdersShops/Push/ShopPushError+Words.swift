import Foundation
import OrdersInterchange
import OrdersStorage

extension ShopPushError {
    /// The shop's words in an error answer: WooCommerce's `message`, Shopify's `errors` (a text or a
    /// list of `message`s), else the body's first 200 characters.
    static func words(in body: [UInt8]) -> String {
        if let value = try? JSONDecoder().decode(JSONValue.self, from: Data(body)) {
            if let message = value["message"]?.text { return message }
            if let errors = value["errors"] {
                if let text = errors.text { return text }
                let messages = errors.objectList.compactMap { $0["message"]?.text }
                if !messages.isEmpty { return messages.joined(separator: "; ") }
            }
        }
        return String(String(decoding: body, as: UTF8.self).prefix(200))
    }
}
