import Foundation
import OrdersCore
import Testing

/// Saved views on the command line, on the real binary: `orders views` lists them with their counts,
/// `orders list --view` and `orders export --view` run them (with `assignee:me` naming the actor),
/// an unknown name is refused with the known ones, and a personal view in `views.json` shadows a
/// shared one of its name.
@Suite("orders views, list --view, export --view")
final class CLIViewsTests {
    let cli: OrdersBinary

    init() throws {
        cli = try OrdersBinary()
    }

    deinit {
        cli.removeAll()
    }

    /// Four orders: #1 paid and unsent (alice's), #2 unpaid for 10 days, #3 paid, high risk and bob's, #4 sent.
    func database() throws -> String {
        let file = cli.path("orders.json")
        func order(_ id: String, status: String, payment: String, fulfilment: String, created: String,
                   assignee: String?, risk: String) -> String {
            """
            {"id": "\(id)", "customer": "Customer \(id)", "email": "c\(id)@example.com", "country": "DE", "currency": "EUR",
             "status": "\(status)", "payment_status": "\(payment)", "fulfillment_status": "\(fulfilment)",
             "created_at": "\(created)", "assignee": \(assignee.map { "\"\($0)\"" } ?? "null"), "risk": "\(risk)",
             "items": [{"sku": "S-\(id)", "title": "Thing", "quantity": 1, "unit_price": 10}]}
            """
        }
        try ("[" + [
            order("1", status: "processing", payment: "paid", fulfilment: "unfulfilled", created: "2026-11-20T09:00:00Z",
                  assignee: "alice", risk: "low"),
            order("2", status: "pending", payment: "pending", fulfilment: "unfulfilled", created: "2026-11-10T09:00:00Z",
                  assignee: nil, risk: "low"),
            order("3", status: "processing", payment: "paid", fulfilment: "unfulfilled", created: "2026-11-21T09:00:00Z",
                  assignee: "bob", risk: "high"),
            order("4", status: "shipped", payment: "paid", fulfilment: "fulfilled", created: "2026-11-01T09:00:00Z",
                  assignee: "alice", risk: "high"),
        ].joined(separator: ",") + "]").write(toFile: file, atomically: true, encoding: .utf8)
        let db = cli.path("shop.db")
        let imported = try cli.run(["import", file, "--db", db])
        #expect(imported.status == 0, "\(imported.stderr)")
        return db
    }

    var configHome: String { cli.path("config") }

    /// The ids `orders list` printed, in its order.
    func ids(_ result: OrdersBinary.Result) -> [String] {
        result.stdout.split(separator: "\n").dropFirst().dropLast().map { String($0.prefix { $0 != " " }) }
    }

    @Test func listingAndUsingTheSharedViews() throws {
        let db = try database()
        let environment = ["XDG_CONFIG_HOME": configHome, "ORDERS_ACTOR": "alice"]
        let views = try cli.run(["views", "--db", db], environment: environment)
        #expect(views.status == 0, "\(views.stderr)")
        #expect(views.stdout == """
            View             Orders  Sort        Query
            To fulfil             2  date:asc    status:processing -ship:on_hold
            Unpaid > 3 days       1  date:asc    status:pending age>3d
            High risk             1  total:desc  risk:high status:pending,processing
            Mine                  1  date:asc    assignee:me status:pending,processing

            """)
        let toFulfil = try cli.run(["list", "--view", "to FULFIL", "--db", db], environment: environment)
        #expect(toFulfil.status == 0, "\(toFulfil.stderr)")
        #expect(ids(toFulfil) == ["1", "3"])
        #expect(toFulfil.stdout.hasSuffix("2 of 2 matching orders\n"))
        // Other options narrow the view; --sort replaces its sort.
        #expect(ids(try cli.run(["list", "--view", "To fulfil", "--sort", "date:desc", "--db", db], environment: environment)) == ["3", "1"])
        #expect(ids(try cli.run(["list", "--view", "To fulfil", "--search", "risk:high", "--db", db], environment: environment)) == ["3"])
        // Mine is the actor's: alice through ORDERS_ACTOR, bob through --actor.
        #expect(ids(try cli.run(["list", "--view", "Mine", "--db", db], environment: environment)) == ["1"])
        #expect(ids(try cli.run(["list", "--view", "Mine", "--actor", "bob", "--db", db], environment: environment)) == ["3"])
        #expect(ids(try cli.run(["list", "--search", "assignee:me", "--db", db], environment: environment)) == ["1", "4"])

        let unknown = try cli.run(["list", "--view", "Nope", "--db", db], environment: environment)
        #expect(unknown.status == 1)
        #expect(unknown.errorLines == ["orders: There is no view named \"Nope\" (known: To fulfil, Unpaid > 3 days, High risk, Mine)."])

        let exported = try cli.run(["export", "--view", "High risk", "--format", "json", "--db", db], environment: environment)
        #expect(exported.status == 0, "\(exported.stderr)")
        let objects = try #require(try JSONSerialization.jsonObject(with: Data(exported.stdout.utf8)) as? [[String: Any]])
        #expect(objects.compactMap { $0["id"] as? String } == ["3"])
        let unknownExport = try cli.run(["export", "--view", "nope", "--db", db], environment: environment)
        #expect(unknownExport.status == 1)
        #expect(unknownExport.errorLines == ["orders: There is no view named \"nope\" (known: To fulfil, Unpaid > 3 days, High risk, Mine)."])
    }

    @Test func aPersonalViewShadowsTheSharedOneAndABrokenOneShowsItsError() throws {
        let db = try database()
        try FileManager.default.createDirectory(atPath: configHome + "/orders", withIntermediateDirectories: true)
        try """
        {"views": [{"name": "mine", "query": "assignee:me", "sort": "date:desc"},
                   {"name": "Odd", "query": "total>many", "sort": "date:desc"}]}
        """.write(toFile: configHome + "/orders/views.json", atomically: true, encoding: .utf8)
        let environment = ["XDG_CONFIG_HOME": configHome, "ORDERS_ACTOR": "alice"]
        let views = try cli.run(["views", "--db", db], environment: environment)
        #expect(views.stdout == """
            View             Orders  Sort        Query
            To fulfil             2  date:asc    status:processing -ship:on_hold
            Unpaid > 3 days       1  date:asc    status:pending age>3d
            High risk             1  total:desc  risk:high status:pending,processing
            @mine                 2  date:desc   assignee:me
            @Odd                  !  date:desc   total>many  ("many" is not an amount (write total>1000 or total<49.90))

            """)
        #expect(ids(try cli.run(["list", "--view", "MINE", "--db", db], environment: environment)) == ["1", "4"])
        let odd = try cli.run(["list", "--view", "odd", "--db", db], environment: environment)
        #expect(odd.status == 1)
        #expect(odd.errorLines == ["orders: the view \"Odd\" cannot be used: \"many\" is not an amount (write total>1000 or total<49.90)"])
    }

    @Test func aViewsColumnsShapeTheTextTableButNotTheData() throws {
        let db = try database()
        try FileManager.default.createDirectory(atPath: configHome + "/orders", withIntermediateDirectories: true)
        try """
        {"views": [{"name": "Money", "query": "status:processing", "sort": "date:asc", "columns": ["total", "number", "status", "bogus"]},
                   {"name": "Whole", "query": "status:processing", "sort": "date:asc",
                    "columns": ["number", "date", "age", "customer", "items", "total", "status"]},
                   {"name": "Extras", "query": "status:processing", "sort": "date:asc",
                    "columns": ["number", "assignee", "tags", "country", "source", "outstanding"]}]}
        """.write(toFile: configHome + "/orders/views.json", atomically: true, encoding: .utf8)
        let environment = ["XDG_CONFIG_HOME": configHome, "ORDERS_ACTOR": "alice"]
        // The view's columns in its order, titled as the app titles them (an unknown name skipped).
        let money = try cli.run(["list", "--view", "money", "--db", db], environment: environment)
        #expect(money.status == 0, "\(money.stderr)")
        #expect(money.stdout == """
                      TOTAL  NUMBER         PAYMENT/SHIPPING
                  10.00 EUR  1              Paid/Unsent
                  10.00 EUR  3              Paid/Unsent
            2 of 2 matching orders

            """)
        // The chooseable extras print too, the balance in the order's currency.
        let extras = try cli.run(["list", "--view", "extras", "--db", db], environment: environment)
        #expect(extras.status == 0, "\(extras.stderr)")
        #expect(extras.stdout == """
            NUMBER         ASSIGNEE      TAGS              COUNTRY  SOURCE           OUTSTANDING
            1              alice                           DE       local              10.00 EUR
            3              bob                             DE       local              10.00 EUR
            2 of 2 matching orders

            """)
        // A view of every column prints the standard table, as a list without a view does.
        let whole = try cli.run(["list", "--view", "Whole", "--db", db], environment: environment)
        let plain = try cli.run(["list", "--search", "status:processing", "--sort", "date:asc", "--db", db], environment: environment)
        #expect(whole.stdout == plain.stdout)
        #expect(whole.stdout.hasPrefix("ID           CREATED (UTC)     STATUS      CUSTOMER"))
        // CSV and JSON are data: every field, whatever the view shows.
        for format in ["csv", "json"] {
            let viewed = try cli.run(["list", "--view", "Money", "--format", format, "--db", db], environment: environment)
            let searched = try cli.run(["list", "--search", "status:processing", "--sort", "date:asc", "--format", format, "--db", db],
                                       environment: environment)
            #expect(viewed.status == 0, "\(viewed.stderr)")
            #expect(viewed.stdout == searched.stdout)
        }
        let help = try cli.run(["list", "--help"])
        #expect(help.stdout.contains("columns in its order; csv and json are data, not a screen: always every field"))
    }
}
