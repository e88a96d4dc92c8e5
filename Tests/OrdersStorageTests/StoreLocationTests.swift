@testable import OrdersCore
@testable import OrdersStorage
import Testing

/// `--db` and `ORDERS_DB` name a SQLite file or a PostgreSQL server; a password is never shown.
@Suite("Store location")
struct StoreLocationTests {
    @Test func urlsNameAServerAndAnythingElseAFile() {
        #expect(StoreLocation("postgresql://ines@db.example/orders") == .postgres("postgresql://ines@db.example/orders"))
        #expect(StoreLocation("postgres://db/orders") == .postgres("postgres://db/orders"))
        #expect(StoreLocation("PostgreSQL://db/orders") == .postgres("PostgreSQL://db/orders"))
        #expect(StoreLocation("/home/ines/orders.db") == .sqliteFile("/home/ines/orders.db"))
        #expect(StoreLocation("postgresql.db") == .sqliteFile("postgresql.db"))
    }

    @Test func theShownNameNeverHoldsAPassword() {
        let cases: [(String, String)] = [
            ("postgresql://ines:s3cr%40t@db.example:5432/orders", "postgresql://ines@db.example:5432/orders"),
            ("postgres://ines:pw@db/orders?sslmode=require&password=pw2", "postgres://ines@db/orders?sslmode=require"),
            ("postgresql://db/orders?password=pw", "postgresql://db/orders"),
            ("postgresql://ines@db/orders", "postgresql://ines@db/orders"),
            ("postgresql://[::1]:5432/orders", "postgresql://[::1]:5432/orders"),
            ("postgresql://ines:p@ss@db/orders", "postgresql://ines@db/orders"),
        ]
        for (url, shown) in cases {
            #expect(StoreLocation(url).displayName == shown, "\(url)")
            #expect(StoreLocation(url).headerName(environment: [:], currentDirectory: "/") == shown, "\(url)")
        }
        #expect(StoreLocation("/tmp/a:b@c/orders.db").displayName == "/tmp/a:b@c/orders.db")
        // A file by its whole path, the home folder as ~, a relative path from the current folder.
        let home = ["HOME": "/home/ana"]
        func header(_ path: String) -> String { StoreLocation(path).headerName(environment: home, currentDirectory: "/home/ana/shop") }
        #expect(header("/tmp/x/orders.db") == "/tmp/x/orders.db")
        #expect(header("/home/ana/.local/share/orders/orders.db") == "~/.local/share/orders/orders.db")
        #expect(header("orders.db") == "~/shop/orders.db")
        #expect(header("../other/./orders.db") == "~/other/orders.db")
        #expect(header("/home/anabel/orders.db") == "/home/anabel/orders.db")
        #expect(HomeFolder.abbreviating("/home/ana", environment: home) == "~")
        #expect(HomeFolder.abbreviating("/x/orders.db", environment: ["HOME": "/"]) == "/x/orders.db")
    }
}
