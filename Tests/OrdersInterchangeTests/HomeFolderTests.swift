import Foundation
@testable import OrdersCore
@testable import OrdersInterchange
import Testing

/// `~` is `$HOME` for every path a person types, as it is for the database and the config.
@Suite("Home folder: one rule for ~")
struct HomeFolderTests {
    @Test("~ and ~/… are $HOME; other paths unchanged; without $HOME the password file's home")
    func tilde() {
        let environment = ["HOME": "/srv/ines"]
        #expect(HomeFolder.expandingTilde(in: "~/marked.csv", environment: environment) == "/srv/ines/marked.csv")
        #expect(HomeFolder.expandingTilde(in: "~", environment: environment) == "/srv/ines")
        #expect(HomeFolder.expandingTilde(in: "/tmp/~x.csv", environment: environment) == "/tmp/~x.csv")
        #expect(HomeFolder.expandingTilde(in: "out/~/a.csv", environment: environment) == "out/~/a.csv")
        #expect(HomeFolder.expandingTilde(in: "~/a.csv", environment: ["HOME": ""]) == NSHomeDirectory() + "/a.csv")
        #expect(HomeFolder.path(environment: [:]) == NSHomeDirectory())
        #expect(OrderDatabase.defaultPath(environment: environment) == "/srv/ines/.local/share/orders/orders.db")
    }
}
