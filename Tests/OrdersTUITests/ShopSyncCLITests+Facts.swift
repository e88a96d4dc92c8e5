import Foundation
import OrdersCore
import OrdersTestSupport
import TerminalTestSupport
import Testing

/// `orders shop facts`, `retry`, `drop`, and `remove` of a shop with facts, on the real binary.
extension ShopSyncCLITests {
    @Test func aRefusedHoldIsListedRetriedAndDroppedAndRemoveRefusesWhileFactsWait() async throws {
        let server = try ShopTestServer(.shopify, secret: Self.token)
        try await server.control(["orders": [ShopPullFixtures.unsentShopifyOrder()]])
        let db = cli.path("facts.db"), token = try credentials()
        #expect(try cli.run(["shop", "add", "eu", "--shopify", server.url, "--credentials", token, "--ca-file", server.caFile,
                             "--db", db]).status == 0)
        #expect(try cli.run(["sync", "--pull-only", "--db", db]).status == 0)
        let none = try cli.run(["shop", "facts", "eu", "--db", db])
        #expect(none.stdout == "eu has no facts.\n")
        #expect(none.status == 0)

        // Cancelled in the shop meanwhile: nothing is left there to hold.
        var inShop = ShopPullFixtures.unsentShopifyOrder()
        inShop["cancelledAt"] = "2026-11-22T08:00:00Z"
        try await server.control(["upsert": inShop])
        let hold = try cli.run(["hold", "eu:#1001", "--reason", "address check", "--db", db])
        #expect(hold.stdout == "#1001 is on hold.\n")
        #expect(hold.status == 0)
        // Columns: ID right-aligned to 2, Order 5, State 7 ("waiting"), Fact 20 ("hold (address check)"), then the answer.
        let waiting = try cli.run(["shop", "facts", "eu", "--db", db])
        #expect(waiting.stdout == "ID  Order  State    Fact                  Shop's answer\n"
                + " 1  #1001  waiting  hold (address check)\n")
        let sync = try cli.run(["sync", "--push-only", "--db", db])
        #expect(sync.stdout == "eu: sent 0 facts, 1 refused by the shop\n"
                + "  refused #1001: hold (address check): the shop's order has nothing left to fulfil to hold\n")
        #expect(sync.status == 1)
        #expect(try await server.received().isEmpty)

        #expect(try cli.run(["tag", "eu:#1001", "vip", "--db", db]).status == 0)
        let all = try cli.run(["shop", "facts", "eu", "--db", db])
        // Fact stays 20 wide ("tags added: vip" is 15); the refusal is the last column, not padded.
        #expect(all.stdout == "ID  Order  State    Fact                  Shop's answer\n"
                + " 1  #1001  refused  hold (address check)  the shop's order has nothing left to fulfil to hold\n"
                + " 2  #1001  waiting  tags added: vip\n")
        let refusedOnly = try cli.run(["shop", "facts", "eu", "--state", "refused", "--format", "json", "--db", db])
        #expect(refusedOnly.stdout == "[{\"id\": 1, \"order\": \"#1001\", \"state\": \"refused\", \"kind\": \"hold\", "
                + "\"summary\": \"hold (address check)\", \"attempts\": 0, "
                + "\"refusal\": \"the shop's order has nothing left to fulfil to hold\"}]\n")

        // A shop with a fact waiting is not removed; nothing changes.
        let blocked = try cli.run(["shop", "remove", "eu", "--db", db])
        #expect(blocked.stdout == "")
        #expect(blocked.stderr == "orders: eu has 1 fact waiting to be sent; send it (orders sync eu) or drop it "
                + "(orders shop facts eu, orders shop drop eu ID) before removing the shop.\n")
        #expect(blocked.status == 1)
        #expect(try cli.run(["shop", "list", "--format", "json", "--db", db]).stdout
            .contains("\"waiting_to_send\": 1, \"refused\": 1, \"last_error\": null}"))

        let retry = try cli.run(["shop", "retry", "eu", "1", "--db", db])
        #expect(retry.stdout == "Fact 1 of eu waits to be sent again; `orders sync eu` sends it.\n")
        #expect(retry.status == 0)
        #expect(try cli.run(["shop", "list", "--format", "json", "--db", db]).stdout
            .contains("\"waiting_to_send\": 2, \"refused\": 0, \"last_error\": null}"))
        let twice = try cli.run(["shop", "retry", "eu", "1", "--db", db])
        #expect(twice.stderr == "orders: Fact 1 of eu is waiting; only a refused fact can be retried.\n")
        #expect(twice.status == 1)
        let missing = try cli.run(["shop", "drop", "eu", "9", "--db", db])
        #expect(missing.stderr == "orders: eu has no fact 9 (orders shop facts eu).\n")
        #expect(missing.status == 1)
        let otherShop = try cli.run(["shop", "drop", "pl", "1", "--db", db])
        #expect(otherShop.stderr == "orders: No shop is named pl (orders shop list).\n")
        #expect(otherShop.status == 1)

        for id in ["1", "2"] {
            let drop = try cli.run(["shop", "drop", "eu", id, "--db", db])
            #expect(drop.stdout == "Dropped fact \(id) of eu; it will not be sent.\n")
            #expect(drop.status == 0)
        }
        let dropped = try cli.run(["shop", "facts", "eu", "--state", "dropped", "--db", db])
        #expect(dropped.stdout == "ID  Order  State    Fact                  Shop's answer\n"
                + " 1  #1001  dropped  hold (address check)\n"
                + " 2  #1001  dropped  tags added: vip\n")
        let dropAgain = try cli.run(["shop", "drop", "eu", "2", "--db", db])
        #expect(dropAgain.stderr == "orders: Fact 2 of eu is dropped; only a waiting or refused fact can be dropped.\n")
        #expect(try cli.run(["sync", "--push-only", "--db", db]).stdout == "eu: sent 0 facts\n")
        #expect(try await server.received().isEmpty)
        #expect(try cli.run(["shop", "list", "--format", "json", "--db", db]).stdout
            .contains("\"waiting_to_send\": 0, \"refused\": 0, \"last_error\": null}"))

        // Removed, the shop's facts go with it: a shop added again by that name has none.
        #expect(try cli.run(["shop", "remove", "eu", "--db", db]).status == 0)
        #expect(try cli.run(["shop", "add", "eu", "--shopify", server.url, "--credentials", token, "--ca-file", server.caFile,
                             "--db", db]).status == 0)
        #expect(try cli.run(["shop", "facts", "eu", "--db", db]).stdout == "eu has no facts.\n")
    }

    @Test(arguments: [
        (["shop", "retry", "eu"], "orders: shop retry takes the shop's NAME and the fact's ID (see 'orders shop facts NAME')\n"),
        (["shop", "drop", "eu", "x"], "orders: a fact's ID is a whole number (see 'orders shop facts eu'), not \"x\"\n"),
        (["shop", "facts", "eu", "--state", "gone"], "orders: --state is waiting, sent, refused or dropped, not \"gone\"\n"),
        (["shop", "facts"], "orders: shop facts takes the shop's NAME (see 'orders shop --help')\n"),
        (["shop", "list", "--state", "sent"], "orders: --state goes with shop facts (see 'orders shop --help')\n"),
    ])
    func aWrongFactsCommandLineExitsTwo(arguments: [String], error: String) throws {
        let result = try cli.run(arguments + ["--db", cli.path("usage.db")])
        #expect(result.stdout == "")
        #expect(result.stderr == error)
        #expect(result.status == 2)
    }
}
