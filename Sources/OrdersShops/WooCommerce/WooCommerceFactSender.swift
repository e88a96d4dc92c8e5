import Foundation
import OrdersCore
import OrdersInterchange
import OrdersStorage

/// Sends facts to a WooCommerce shop through REST API v3, in steps, each written down when the shop
/// has taken it (`ShopFactJournal.recordStep`):
/// - a shipment is an order note saying what was sent with the tracking number and carrier (a note
///   the customer is mailed when the operator asked to notify), then status `completed` when nothing
///   is left to send. The tracking goes in a note, not the Shipment Tracking extension's endpoint:
///   notes are core REST on every WooCommerce shop, while the extension is a paid plug-in whose route
///   answers 404 where it is not installed, and core has no partial-shipment status at all;
/// - a cancellation is status `cancelled`, then a private note with the operator's reason;
/// - a hold is status `on-hold`, then a private note `On hold: REASON` when the operator gave one;
///   a release is status `processing` (WooCommerce's order paid and waiting to be sent);
/// - tags are a private note (`Tagged: vip, gift`, `Untagged: gift`): WooCommerce orders have no tags
///   (core REST has none; `meta_data` would hide them from the shop's staff, a note shows them);
/// - a note is a private order note with the operator's text verbatim;
/// - a refund is `POST /orders/{id}/refunds` with the money paid back through the order's payment
///   (`WooCommerceFactSender+Refund`).
/// A status is set, not added: sending it twice leaves the order as once (WooCommerce mails only on a
/// change), so a lost answer to it is simply sent again. A note is added: after a lost answer a note
/// the order did not have before the send (`seenBefore`) with the same text is the one sent.
struct WooCommerceFactSender: ShopFactSender {
    let shop: ConnectedShop
    let credentials: ShopCredentials
    let requester: ShopRequester

    mutating func deliver(_ queued: QueuedShopFact, of order: Order, shopOrderID: String, journal: ShopFactJournal) async throws
        -> [String: String] {
        guard credentials.keyAndSecret != nil else {
            throw ShopSyncError.credentials("\(shop.name)'s credentials file holds no KEY:SECRET (WooCommerce's consumer key and secret, with a colon between).")
        }
        var ids = queued.shopIDs
        let fact = queued.fact
        switch fact.kind {
        case .shipment:
            if ids["note"] == nil {
                ids["note"] = try await addNote(Self.shipmentNote(fact), customer: fact.notifyCustomer, to: shopOrderID, queued, journal)
                try await journal.recordStep(ids)
            }
            if fact.completesOrder, ids["status"] == nil {
                try await setStatus("completed", of: shopOrderID, journal: journal)
                ids["status"] = "completed"
            }
        case .cancellation:
            if ids["status"] == nil {
                try await setStatus("cancelled", of: shopOrderID, journal: journal)
                ids["status"] = "cancelled"
                try await journal.recordStep(ids)
            }
            if let reason = fact.reason, ids["note"] == nil {
                ids["note"] = try await addNote("Cancelled: \(reason)", customer: false, to: shopOrderID, queued, journal)
            }
        case .hold:
            if ids["status"] == nil {
                try await setStatus("on-hold", of: shopOrderID, journal: journal)
                ids["status"] = "on-hold"
                try await journal.recordStep(ids)
            }
            if let reason = fact.reason, ids["note"] == nil {
                ids["note"] = try await addNote("On hold: \(reason)", customer: false, to: shopOrderID, queued, journal)
            }
        case .release:
            if ids["status"] == nil {
                try await setStatus("processing", of: shopOrderID, journal: journal)
                ids["status"] = "processing"
            }
        case .tagsAdded, .tagsRemoved, .note:
            if ids["note"] == nil {
                ids["note"] = try await addNote(Self.noteText(fact), customer: false, to: shopOrderID, queued, journal)
            }
        case .refund:
            return try await refund(queued, of: order, shopOrderID: shopOrderID, journal: journal)
        }
        return ids
    }

    /// The private note that stands for tags or an operator's note: `Tagged: vip, gift`, `Untagged:
    /// gift`, or the operator's text verbatim.
    static func noteText(_ fact: ShopFact) -> String {
        switch fact.kind {
        case .tagsAdded: "Tagged: " + (fact.tags ?? []).joined(separator: ", ")
        case .tagsRemoved: "Untagged: " + (fact.tags ?? []).joined(separator: ", ")
        default: fact.text ?? ""
        }
    }

    /// The shipment note: `Sent 2 × Cup (CUP-8), 1 × Gift wrap. Tracking number CTT-1 (CTT).`
    static func shipmentNote(_ fact: ShopFact) -> String {
        let lines = fact.lines.map { "\($0.quantity) × \($0.title)" + ($0.sku.isEmpty ? "" : " (\($0.sku))") }.joined(separator: ", ")
        var text = "Sent \(lines)."
        if let tracking = fact.trackingNumber { text += " Tracking number \(tracking)" + (fact.carrier.map { " (\($0))" } ?? "") + "." }
        else if let carrier = fact.carrier { text += " Carrier \(carrier)." }
        return text
    }

    var base: String { "\(shop.url)/wp-json/wc/v3/orders" }

    func request(_ method: String, _ url: String, body: [String: Any]? = nil) throws -> HTTPRequest {
        var headers = [HTTPHeader("Authorization", "Basic " + Data(credentials.secret.utf8).base64EncodedString()),
                       HTTPHeader("Accept", "application/json")]
        if body != nil { headers.append(HTTPHeader("Content-Type", "application/json")) }
        return HTTPRequest(method: method, url: url, headers: headers,
                           body: try body.map { Array(try JSONSerialization.data(withJSONObject: $0, options: [.sortedKeys])) })
    }

    /// `PUT /orders/{id} {status}`.
    private func setStatus(_ status: String, of id: String, journal: ShopFactJournal) async throws {
        try await journal.beginAttempt(seenBefore: [])
        _ = try await requester.send(try request("PUT", "\(base)/\(id)", body: ["status": status]), shop: shop.name, mayRepeat: false)
    }

    /// `POST /orders/{id}/notes {note, customer_note}`, once: the note's id.
    private func addNote(_ text: String, customer: Bool, to id: String, _ queued: QueuedShopFact, _ journal: ShopFactJournal)
        async throws -> String {
        let notes = try await self.notes(of: id)
        if queued.attempts > 0, let made = notes.first(where: { !queued.seenBefore.contains($0.id) && $0.text == text }) {
            return made.id
        }
        try await journal.beginAttempt(seenBefore: notes.map(\.id))
        let response: HTTPResponse
        do {
            response = try await requester.send(try request("POST", "\(base)/\(id)/notes", body: ["note": text, "customer_note": customer]),
                                                shop: shop.name, mayRepeat: false)
        } catch ShopPushError.lostAnswer(let sentence) {
            let before = notes.map(\.id)
            if let made = try await self.notes(of: id).first(where: { !before.contains($0.id) && $0.text == text }) { return made.id }
            throw ShopPushError.lostAnswer(sentence)
        }
        guard let made = (try? JSONDecoder().decode(JSONValue.self, from: Data(response.body)))?["id"]?.text else {
            throw ShopSyncError.unexpectedAnswer("\(shop.name) answered a new note without its id.")
        }
        return made
    }

    /// The order's notes, each id and text (`GET /orders/{id}/notes`).
    private func notes(of id: String) async throws -> [(id: String, text: String)] {
        let response = try await requester.send(try request("GET", "\(base)/\(id)/notes"), shop: shop.name)
        guard case .array(let notes)? = try? JSONDecoder().decode(JSONValue.self, from: Data(response.body)) else {
            throw ShopSyncError.unexpectedAnswer("\(shop.name) answered the notes of order \(id) with something that is not a JSON array.")
        }
        return notes.compactMap { note in note["id"]?.text.map { ($0, note["note"]?.text ?? "") } }
    }
}
