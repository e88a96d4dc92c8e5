import Foundation
import OrdersShops
import TerminalText

/// The shops' standing in a few words for the status bar, and what an operator's `:sync` is told.
extension ShopSyncModel {
    /// `eu: pulled 5m ago, 3 to send · pl: refused the credentials (HTTP 401) · lab: pulling, 40 read`;
    /// nil when the database has no connected shop. Made safe for the terminal: an error may
    /// quote a URL or a file name.
    public var statusText: String? {
        guard !state.shops.isEmpty else { return nil }
        let now = now()
        let parts = state.shops.map { shop in
            "\(shop.name): " + words(for: shop, now: now)
        }
        return TerminalText.neutralized(parts.joined(separator: " · "))
    }

    /// Whether a shop's last pull failed or the shop refused a fact: the status bar shows its words
    /// as a warning.
    public var hasFailure: Bool {
        state.shops.contains { ($0.lastError != nil || $0.factsRefused > 0) && $0.name != state.pass?.shop }
    }

    /// The shop's pull in words, then its outbox: `pulled 5m ago, 3 to send, 1 refused`.
    private func words(for shop: ShopStanding, now: Date) -> String {
        let pull = pullWords(for: shop, now: now)
        if let pass = state.pass, pass.shop == shop.name { return pull }
        var outbox: [String] = []
        if shop.factsWaiting > 0 { outbox.append("\(shop.factsWaiting) to send") }
        if shop.factsRefused > 0 { outbox.append("\(shop.factsRefused) refused") }
        return ([pull] + outbox).joined(separator: ", ")
    }

    private func pullWords(for shop: ShopStanding, now: Date) -> String {
        if let pass = state.pass, pass.shop == shop.name {
            if let waiting = pass.waiting, now < waiting.until {
                let seconds = max(1, Int(waiting.seconds.rounded(.up)))
                switch waiting.reason {
                case .rateLimited: return "rate-limited, waiting \(seconds) s"
                case .retrying: return "no answer, trying again in \(seconds) s"
                }
            }
            if pass.isSending { return shop.factsWaiting > 0 ? "sending \(shop.factsWaiting)" : "sending" }
            return pass.ordersRead > 0 ? "pulling, \(pass.ordersRead) read" : "pulling"
        }
        if let error = shop.lastError { return Self.firstClause(of: error, shop: shop.name) }
        guard let at = shop.lastPullAt else { return "not pulled yet" }
        return "pulled " + formatter.relativeDate(at, now: now)
    }

    /// A failure's sentence cut to what went wrong: the sync's sentences name the shop first
    /// (`eu refused the credentials (HTTP 401); check the credentials file.`) and give the
    /// advice after a semicolon, which `orders shop list` and `orders sync` print in full.
    static func firstClause(of sentence: String, shop: String) -> String {
        var text = Substring(sentence)
        for prefix in [shop + ": ", shop + " "] where text.hasPrefix(prefix) {
            text = text.dropFirst(prefix.count)
            break
        }
        if let semicolon = text.range(of: "; ") { text = text[..<semicolon.lowerBound] }
        if text.hasSuffix(".") { text = text.dropLast() }
        return String(text)
    }
}

extension ShopSyncOutcome {
    /// What the operator who asked (`:sync`) is told, in one line; nil when nobody asked or the
    /// app stopped the pass. What sending did is said only for a shop that had something to send.
    public var notice: String? {
        guard isRequested else { return nil }
        let text: String
        switch ending {
        case .pulled(let reports):
            text = (reports.map(\.summary) + sent.filter(\.didSomething).map(\.summary)).joined(separator: " · ")
        case .noShops: text = ShopSync.noShopsConnected
        case .anotherSyncerPulling: text = "Another orders sync is pulling the shops; what it pulls shows here as it arrives."
        case .failed(let sentence): text = sentence
        case .stopped: return nil
        }
        return TerminalText.neutralized(text)
    }

    /// Whether a shop or the pass failed: the notice says so in the failure colour.
    public var isFailure: Bool {
        switch ending {
        case .pulled(let reports): !reports.allSatisfy(\.wentThrough) || !sent.allSatisfy(\.wentThrough)
        case .failed: true
        case .noShops, .anotherSyncerPulling, .stopped: false
        }
    }

    /// Whether shops were pulled and all went through: the notice is a success.
    public var isSuccess: Bool {
        if case .pulled = ending { return !isFailure }
        return false
    }
}
