import Foundation
@testable import OrdersCore
@testable import OrdersPresentation
import OrdersTestSupport
import Testing

@Suite("Command palette: parsing, fuzzy completion, history")
@MainActor
struct PaletteTests {
    nonisolated static let commands: [(String, PaletteCommand)] = [
        (":open ORD-0001234", .open(OrderReference(number: "ORD-0001234"))), ("open 42", .open(OrderReference(number: "42"))),
        (":open orders://order/ORD-0000007", .open(OrderReference(number: "ORD-0000007"))),
        (":open #1001", .open(OrderReference(number: "#1001"))), (":open shopify:#1001", .open(OrderReference(source: "shopify", number: "#1001"))),
        (":open orders://order/shopify:%231001", .open(OrderReference(source: "shopify", number: "#1001"))),
        (":filter status:pending total>100", .filter("status:pending total>100")), (":filter", .filter("")),
        (":sort total", .sort(OrderSort(.total, ascending: false))), (":sort CUSTOMER asc", .sort(OrderSort(.customer, ascending: true))),
        (":sort date desc", .sort(OrderSort(.date, ascending: false))), (":status Shipped", .status(.shipped)),
        (":tag needs review", .tag("needs review")), (":assign me", .assign("me")), (":assign none", .assign(nil)),
        (":assign Ana", .assign("Ana")), (":export /tmp/out.csv", .export("/tmp/out.csv")), (":theme", .theme(nil)),
        (":theme dark", .theme("dark")), (":quit", .quit), ("  :q  ", .quit),
    ]

    @Test("commands parse", arguments: commands)
    func parses(_ text: String, _ command: PaletteCommand) throws {
        #expect(try PaletteCommand.parse(text) == command)
    }

    nonisolated static let errors: [(String, String)] = [
        ("", "Type a command, e.g. :open ORD-0001234"), (":open", ":open needs an order number"),
        (":open https://shop.example/1", "\"https://shop.example/1\" is not an order number"), (":sort price", "unknown sort field \"price\" (expected date, id, customer, total, status, items, due, age, number)"),
        (":sort total up", "sort direction must be asc or desc, not \"up\""), (":sort total asc now", ":sort takes a field and asc or desc"),
        (":status lost", "unknown status \"lost\""), (":tag", ":tag needs a tag"), (":export", ":export needs a file name"),
        (":frobnicate", "unknown command :frobnicate"),
    ]

    @Test("malformed commands explain themselves", arguments: errors)
    func rejects(_ text: String, _ message: String) {
        #expect(throws: PaletteError(message)) { try PaletteCommand.parse(text) }
    }

    @Test(":import completes file names from the folder typed so far, folders first, hidden ones only after a dot")
    func importCompletesFileNames() throws {
        let folder = try TemporaryDirectory.make()
        for name in ["orders_export.csv", "orders.json", ".hidden.csv", "notes.txt"] {
            try Data().write(to: folder.appendingPathComponent(name))
        }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("older"), withIntermediateDirectories: true)
        let palette = CommandPaletteModel()
        palette.folderEntries = FolderEntries.names
        let path = folder.path + "/"
        palette.textChanged(":import \(path)or")
        #expect(palette.suggestions.map(\.completion) == [":import \(path)orders.json", ":import \(path)orders_export.csv"])
        palette.textChanged(":import \(path)")
        #expect(palette.suggestions.map(\.title) == ["older/", "notes.txt", "orders.json", "orders_export.csv"])
        palette.textChanged(":import \(path).")
        #expect(palette.suggestions.map(\.title) == [".hidden.csv"])
        palette.textChanged(":import \(path)ol")
        palette.complete()
        #expect(palette.text == ":import \(path)older/")
        #expect(palette.suggestions == [])
        // Without a folder reader (tests of other commands, or none given) nothing is offered.
        let plain = CommandPaletteModel()
        plain.textChanged(":import \(path)or")
        #expect(plain.suggestions == [])
    }

    @Test("command names complete fuzzily, best first")
    func commandCompletion() throws {
        let palette = CommandPaletteModel()
        palette.textChanged(":")
        #expect(palette.suggestions.map(\.completion) == [":open ", ":filter ", ":sort ", ":status ", ":tag ", ":assign ",
                                                          ":cancel ", ":pay", ":fulfil", ":hold ", ":release", ":refund ",
                                                          ":export ", ":import ", ":theme ", ":dashboard", ":sync", ":retry", ":drop", ":rules", ":view ",
                                                          ":columns ",
                                                          ":save ",
                                                          ":view-rename ", ":view-delete ", ":freq ", ":quit"])
        #expect(try PaletteCommand.parse(":dashboard") == .dashboard)
        #expect(try PaletteCommand.parse(":sync") == .sync)
        rejects(":sync eu", ":sync pulls every connected shop and takes nothing after its name")
        #expect(try PaletteCommand.parse(":retry") == .refusedFacts(retry: true))
        #expect(try PaletteCommand.parse(":drop") == .refusedFacts(retry: false))
        rejects(":drop 12", ":drop acts on every refused fact of the open order and takes nothing after its name")
        #expect(try PaletteCommand.parse(":rules") == .rules)
        rejects(":rules high-risk", ":rules shows every rule and takes nothing after its name")
        #expect(try PaletteCommand.parse(":import ~/Downloads/orders export.csv") == .importFile("~/Downloads/orders export.csv"))
        rejects(":import", ":import needs a file name")
        #expect(try PaletteCommand.parse(":pay") == .orderAction(.markPaid))
        #expect(try PaletteCommand.parse("fulfill") == .orderAction(.fulfil))
        #expect(try PaletteCommand.parse(":hold") == .orderAction(.hold))
        #expect(try PaletteCommand.parse(":hold  waiting for stock ") == .orderAction(.holdBecause("waiting for stock")))
        #expect(try PaletteCommand.parse(":release") == .orderAction(.release))
        rejects(":release stock came", ":release takes no reason (write a note to say why)")
        palette.textChanged(":st")
        #expect(palette.suggestions.map(\.completion) == [":status ", ":sort "])
        palette.textChanged("xp")
        #expect(palette.suggestions.map(\.title) == [":export FILE"])
        #expect(palette.suggestions.first?.detail == "Export the shown orders (.csv or .json)")
        palette.textChanged(":zz")
        #expect(palette.suggestions.isEmpty)
        #expect(palette.selectedSuggestion == nil)
    }

    @Test("arguments complete: sort fields and directions, statuses, themes; Tab accepts")
    func argumentCompletion() {
        let palette = CommandPaletteModel(themes: ["dark", "light", "solarized"])
        palette.textChanged(":sort t")
        #expect(palette.suggestions.map(\.title) == ["total", "date", "items", "status", "customer"])
        palette.moveSuggestion(by: 1)
        #expect(palette.selectedSuggestion == 1)
        palette.moveSuggestion(by: -2)
        #expect(palette.selectedSuggestion == 4, "wraps around")
        palette.moveSuggestion(by: 1)
        palette.complete()
        #expect(palette.text == ":sort total")
        palette.textChanged(":sort total d")
        palette.complete()
        #expect(palette.text == ":sort total desc")
        #expect(palette.submit() == .sort(OrderSort(.total, ascending: false)))
        palette.textChanged(":status can")
        #expect(palette.suggestions.map(\.title) == ["cancelled"])
        palette.textChanged(":theme l")
        #expect(palette.suggestions.map(\.title) == ["light", "solarized"])
    }

    @Test(":filter completes query keywords and statuses")
    func filterCompletion() {
        let palette = CommandPaletteModel()
        palette.textChanged(":filter jose st")
        #expect(palette.suggestions.map(\.completion) == [":filter jose status:"])
        palette.complete()
        palette.textChanged(palette.text + "pending,pro")
        #expect(palette.suggestions.map(\.completion) == [":filter jose status:pending,processing"])
        palette.textChanged(":filter -t")
        #expect(palette.suggestions.map(\.completion) == [":filter -total>", ":filter -total<", ":filter -tag:"])
        palette.textChanged(":filter total>1")
        #expect(palette.suggestions.isEmpty)
    }

    @Test("submit keeps a bad command with its error; history recalls commands like a shell")
    func submitAndHistory() {
        let palette = CommandPaletteModel()
        palette.textChanged(":sort price")
        #expect(palette.submit() == nil)
        #expect(palette.error == "unknown sort field \"price\" (expected date, id, customer, total, status, items, due, age, number)")
        #expect(palette.text == ":sort price")
        palette.textChanged(":open 7")
        #expect(palette.error == nil)
        #expect(palette.submit() == .open(OrderReference(number: "7")))
        palette.textChanged(":tag vip")
        #expect(palette.submit() == .tag("vip"))
        palette.textChanged(":open 7")
        #expect(palette.submit() == .open(OrderReference(number: "7")))
        #expect(palette.history == [":tag vip", ":open 7"])
        palette.textChanged(":fil")
        palette.historyPrevious()
        #expect(palette.text == ":open 7")
        palette.historyPrevious()
        #expect(palette.text == ":tag vip")
        palette.historyPrevious()
        #expect(palette.text == ":tag vip", "stops at the oldest")
        palette.historyNext()
        palette.historyNext()
        #expect(palette.text == ":fil", "back to what was being typed")
        palette.textChanged(":open ")
        #expect(palette.suggestions.map(\.title) == ["7"], "recently opened numbers, as typed")
    }
}
