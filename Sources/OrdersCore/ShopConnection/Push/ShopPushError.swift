import Foundation

/// How sending one fact can end short of the shop's yes.
enum ShopPushError: Error, Sendable, Hashable {
    /// No answer came (a 5xx, a timeout, a dropped connection): the shop may have the fact or not.
    /// The fact stays waiting with its attempt counted; before it is sent again the shop is asked.
    case lostAnswer(String)
    /// The shop said no (GraphQL `userErrors`, an HTTP 4xx): its words, kept on the fact, which is
    /// never sent again by itself.
    case refused(String)

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
