import Foundation
import Testing
@testable import OrdersCore

@Suite("Rules: each action, the order they run in, an operator's hand change, no loop")
struct RuleBookTests {
    static let now = Date(timeIntervalSince1970: 1_790_000_000)
    static let earlier = Date(timeIntervalSince1970: 1_789_000_000)

    static func order(_ key: Int, country: String = "DE", risk: RiskLevel? = .high, assignee: String? = nil) -> Order {
        var order = Order(id: OrderID(key), number: "#\(1000 + key)", source: "shopify", customerName: "Jonas Weber",
                          email: "jonas@example.de", country: country, currency: .eur,
                          items: [LineItem(sku: "MUG-1", title: "Mug", quantity: 1, unitPrice: 20)],
                          createdAt: earlier, assignee: assignee, version: 1)
        order.riskLevel = risk
        return order
    }

    static func entry(_ key: Int, _ actor: String, _ field: String, _ old: String?, _ new: String?, at date: Date = now) -> AuditEntry {
        AuditEntry(orderID: OrderID(key), at: date, actor: actor, field: field, oldValue: old, newValue: new)
    }

    @Test func everyActionBecomesAMutationInTheHistoryWithTheRuleAsItsAuthor() {
        let rule = Rule(name: "risky", query: "risk:high", actions: [
            .tag("check"), .assign("ana"), .hold(reason: "high risk"), .flag, .note("Call the customer"),
        ])
        var book = RuleBook([rule], now: Self.now)
        var order = Self.order(1)
        let applied = book.apply(to: &order, event: .arrive, history: [], at: Self.now)
        #expect(applied.matched == ["risky"])
        #expect(applied.entries.filter(\.isForPeople) == [
            Self.entry(1, "rule:risky", "tags", nil, "check"),
            Self.entry(1, "rule:risky", "assignee", nil, "ana"),
            Self.entry(1, "rule:risky", "fulfillment", "unfulfilled", "on_hold"),
            Self.entry(1, "rule:risky", "notes", nil, "On hold: high risk"),
            Self.entry(1, "rule:risky", "flagged", "false", "true"),
            Self.entry(1, "rule:risky", "notes", nil, "Call the customer"),
        ])
        // Beside them, the workflow state before and after the hold, which undo reads to take the rule's change back.
        #expect(applied.entries.filter { !$0.isForPeople }.map {
            [OrderWorkflowState(historyText: $0.oldValue)?.fulfillment, OrderWorkflowState(historyText: $0.newValue)?.fulfillment]
        } == [[.unfulfilled, .onHold]])
        #expect(order.tags == ["check"])
        #expect(order.assignee == "ana")
        #expect(order.fulfillment == .onHold)
        #expect(order.flagged)
        #expect(order.notes == [OrderNote(createdAt: Self.now, author: "rule:risky", text: "On hold: high risk"),
                                OrderNote(createdAt: Self.now, author: "rule:risky", text: "Call the customer")])
        #expect(order.version == 2, "one event moves the version once")
        #expect(order.updatedAt == Self.now)
    }

    @Test func anOrderTheQueryDoesNotMatchOrAnotherTriggerIsLeftAlone() {
        var book = RuleBook([Rule(name: "risky", query: "risk:high", actions: [.flag]),
                             Rule(name: "changed", query: "country:DE", trigger: .change, actions: [.tag("changed")])],
                            now: Self.now)
        var low = Self.order(1, risk: .low)
        #expect(book.apply(to: &low, event: .arrive, history: [], at: Self.now).entries == [])
        #expect(low == Self.order(1, risk: .low))
        var high = Self.order(2)
        // On arrival only the arrive rule runs; on a change only the change rule.
        #expect(book.apply(to: &high, event: .arrive, history: [], at: Self.now).matched == ["risky"])
        var changed = Self.order(3)
        #expect(book.apply(to: &changed, event: .change, history: [], at: Self.now).entries
                == [Self.entry(3, "rule:changed", "tags", nil, "changed")])
    }

    @Test func rulesRunInOrderOfNameSoTheFirstAssignWins() {
        // Given out of order: "10-german" runs before "20-everyone", so Jonas's order is Lena's.
        let rules = [Rule(name: "20-everyone", query: "risk:high", actions: [.assign("ana"), .tag("seen")]),
                     Rule(name: "10-german", query: "country:DE", actions: [.assign("lena")])]
        var book = RuleBook(rules, now: Self.now)
        var order = Self.order(1)
        let applied = book.apply(to: &order, event: .arrive, history: [], at: Self.now)
        #expect(applied.matched == ["10-german", "20-everyone"])
        #expect(applied.entries == [Self.entry(1, "rule:10-german", "assignee", nil, "lena"),
                                    Self.entry(1, "rule:20-everyone", "tags", nil, "seen")])
        #expect(order.assignee == "lena")
    }

    @Test func roundRobinTakesTheTeamsTurnsFromTheStoredOne() {
        var book = RuleBook([Rule(name: "de", query: "country:DE", actions: [.assignRoundRobin(["lena", "jonas", "mia"])],
                                  roundRobinTurn: 2)], now: Self.now)
        var assigned: [String?] = []
        for key in 1...4 {
            var order = Self.order(key)
            _ = book.apply(to: &order, event: .arrive, history: [], at: Self.now)
            assigned.append(order.assignee)
        }
        // Turn 2 is mia's (2 mod 3), then lena (3), jonas (4), mia (5).
        #expect(assigned == ["mia", "lena", "jonas", "mia"])
        #expect(book.turnsTaken == ["de": 4])
        // An order already assigned takes no turn.
        var taken = Self.order(5, assignee: "ana")
        #expect(book.apply(to: &taken, event: .arrive, history: [], at: Self.now).entries == [])
        #expect(book.turnsTaken == ["de": 4])
    }

    @Test func aRuleNeverOverridesWhatAnOperatorDidByHand() {
        let rule = Rule(name: "risky", query: "risk:high", trigger: .change,
                        actions: [.tag("check"), .assign("ana"), .hold(reason: "high risk"), .flag])
        var book = RuleBook([rule], now: Self.now)
        // Lena released the hold, unassigned it, unflagged it and took the tag off, by hand.
        let history = [Self.entry(1, "rule:risky", "tags", nil, "check", at: Self.earlier),
                       Self.entry(1, "lena", "fulfillment", "on_hold", "unfulfilled", at: Self.earlier),
                       Self.entry(1, "lena", "assignee", "ana", nil, at: Self.earlier),
                       Self.entry(1, "lena", "flagged", "true", "false", at: Self.earlier),
                       Self.entry(1, "lena", "tags", "check", nil, at: Self.earlier)]
        var order = Self.order(1)
        let applied = book.apply(to: &order, event: .change, history: history, at: Self.now)
        #expect(applied.matched == ["risky"])
        #expect(applied.entries == [])
        #expect(order == Self.order(1))
        // What a rule did itself is no hand change: the same order without Lena's entries is changed.
        var untouched = Self.order(2)
        let again = book.apply(to: &untouched, event: .change,
                               history: [Self.entry(2, "rule:risky", "flagged", "true", "false", at: Self.earlier)], at: Self.now)
        #expect(again.entries.map(\.field) == ["tags", "assignee", "fulfillment", "notes", "flagged", "workflow"])
    }

    @Test func aNoteIsNotAddedTwiceByOneRuleAndAHeldOrderIsNotHeldAgain() {
        let rule = Rule(name: "risky", query: "risk:high", trigger: .both, actions: [.hold(reason: "high risk"), .note("Call")])
        var book = RuleBook([rule], now: Self.now)
        var order = Self.order(1)
        let first = book.apply(to: &order, event: .arrive, history: [], at: Self.now)
        // The hold, its reason as a note, the note, and the workflow state before and after the hold.
        #expect(first.entries.map(\.field) == ["fulfillment", "notes", "notes", "workflow"])
        let second = book.apply(to: &order, event: .change, history: first.entries, at: Self.now)
        #expect(second.entries == [])
        #expect(order.version == 2)
    }

    @Test func aRulesTagsAreTrimmedAndTheRulesAfterItMatchThemFoldedAsASearchDoes() {
        // Tags with white space at an end (ASCII and not) are trimmed as an operator's are; one without is
        // kept as it is. The later rules see the order as the earlier ones left it, and fold as a search does:
        // `tag:VIP` finds the tag "vip", `city:MÜNCHEN` the city "München" (Foundation's folding, not ASCII).
        let rules = [Rule(name: "1-tags", query: "country:DE", actions: [.tag("  b2b\t"), .tag("\u{00A0}vip"), .tag("gift")]),
                     Rule(name: "2-vip", query: "tag:VIP city:MÜNCHEN", actions: [.flag, .note("VIP: check the packing")]),
                     Rule(name: "3-berlin", query: "city:berlin", actions: [.tag("local-courier")]),
                     Rule(name: "4-gift", query: "tag:Gift", actions: [.tag("gift"), .tag("gift-wrap")])]
        var book = RuleBook(rules, now: Self.now)
        var order = Self.order(1)
        order.shippingAddress = PostalAddress(name: "Jonas Weber", lines: ["Leopoldstraße 1"], city: "München", country: "DE")
        let applied = book.apply(to: &order, event: .arrive, history: [], at: Self.now)
        #expect(applied.matched == ["1-tags", "2-vip", "4-gift"])
        #expect(applied.entries == [Self.entry(1, "rule:1-tags", "tags", nil, "b2b"),
                                    Self.entry(1, "rule:1-tags", "tags", nil, "vip"),
                                    Self.entry(1, "rule:1-tags", "tags", nil, "gift"),
                                    Self.entry(1, "rule:2-vip", "flagged", "false", "true"),
                                    Self.entry(1, "rule:2-vip", "notes", nil, "VIP: check the packing"),
                                    Self.entry(1, "rule:4-gift", "tags", nil, "gift-wrap")])
        var expected = Self.order(1)
        expected.shippingAddress = order.shippingAddress
        expected.tags = ["b2b", "vip", "gift", "gift-wrap"]
        expected.flagged = true
        expected.notes = [OrderNote(createdAt: Self.now, author: "rule:2-vip", text: "VIP: check the packing")]
        expected.updatedAt = Self.now
        expected.version = 2
        #expect(order == expected)
        // Lena took "vip" off by hand: the rule does not add it again, whatever white space it is written with.
        var again = Self.order(2)
        let past = [Self.entry(2, "lena", "tags", "vip", nil, at: Self.earlier)]
        #expect(book.apply(to: &again, event: .arrive, history: past, at: Self.now).entries.compactMap(\.newValue)
                == ["b2b", "gift", "gift-wrap"])
        #expect(again.tags == ["b2b", "gift", "gift-wrap"])
    }

    @Test func validationRefusesInOneSentenceNamingTheFault() {
        let team = ["ana", "lena"]
        func refusal(_ rule: Rule) -> String? {
            do throws(RuleError) { try rule.validate(operators: team); return nil } catch { return error.description }
        }
        #expect(refusal(Rule(name: "ok", query: "risk:high", actions: [.assign("lena"), .tag("check")])) == nil)
        #expect(refusal(Rule(name: "bad", query: "status:shiped", actions: [.flag]))
                == "The query \"status:shiped\" does not parse: unknown status \"shiped\" (known: pending, processing, shipped, completed, cancelled, refunded).")
        #expect(refusal(Rule(name: "who", query: "risk:high", actions: [.assign("bob")]))
                == "Unknown operator \"bob\": the team's names are ana, lena.")
        #expect(refusal(Rule(name: "rr", query: "risk:high", actions: [.assignRoundRobin(["ana", "zoe"])]))
                == "Unknown operator \"zoe\": the team's names are ana, lena.")
        #expect(refusal(Rule(name: "none", query: "risk:high", actions: []))
                == "The rule \"none\" has no action: give at least one of --tag, --assign, --assign-round-robin, --hold, --flag or --note.")
        #expect(refusal(Rule(name: "-x", query: "risk:high", actions: [.flag]))
                == "The rule name \"-x\" may hold only letters, digits, spaces and - _ . (not first -).")
        #expect(refusal(Rule(name: "tags", query: "risk:high", actions: [.tag("a,b")]))
                == "The tag \"a,b\" has a comma: give each tag its own --tag.")
        #expect(refusal(Rule(name: "empty", query: "risk:high", actions: [.tag(" ")])) == "A tag of the rule is empty.")
        #expect(refusal(Rule(name: "vip", query: "customer-orders>3", actions: [.flag]))
                == "The query \"customer-orders>3\" uses customer-orders, which a rule cannot use yet.")
    }
}
