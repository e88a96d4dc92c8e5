import Foundation
import TerminalText
import TerminalTestSupport
import Testing

/// A running `orders` app in tmux over its own database of twelve known orders,
/// with its own (empty unless given) config folder.
struct AppFixture {
    /// id number, customer, currency, total (one line item), status, flagged. Newer ids are newer orders.
    static let orders: [(Int, String, String, String, String, Bool)] = [
        (1, "Ana Lima", "USD", "10.00", "pending", false),
        (2, "Bruno Costa", "EUR", "250.00", "completed", false),
        (3, "王秀英", "CNY", "1200.00", "processing", false),
        (4, "Lena Müller", "EUR", "99.99", "shipped", true),
        (5, "Zoë Adams", "USD", "99999.00", "completed", false),
        (6, "佐藤 花子", "JPY", "5400", "pending", false),
        (7, "Omar Haddad", "GBP", "42.50", "cancelled", false),
        (8, "Max Muller", "USD", "310.00", "processing", false),
        (9, "김민준", "USD", "77.00", "pending", false),
        (10, "Chloé Durand", "EUR", "18.00", "processing", false),
        (11, "Ivan Petrov", "EUR", "640.00", "pending", false),
        (12, "Grace Okafor", "USD", "1500.00", "pending", false),
    ]

    static func id(_ number: Int) -> String { String(format: "ORD-%07d", number) }

    let binary: OrdersBinary
    let database: String
    let configHome: String
    let pane = TmuxPane()

    /// Creates the database (and a config file when `config` is given): a SQLite file, or the
    /// PostgreSQL database at `databaseURL` when given.
    init(config: String? = nil, databaseURL: String? = nil) throws {
        binary = try OrdersBinary()
        database = databaseURL ?? binary.path("orders.db")
        configHome = binary.path("config")
        try FileManager.default.createDirectory(atPath: configHome + "/orders", withIntermediateDirectories: true)
        if let config { try Data(config.utf8).write(to: URL(fileURLWithPath: configHome + "/orders/config.json")) }
        let start = Date(timeIntervalSince1970: 1_790_000_000)
        let formatter = ISO8601DateFormatter()
        let json = Self.orders.map { number, customer, currency, total, status, flagged in
            let created = formatter.string(from: start.addingTimeInterval(Double(number) * 3600))
            return """
            {"id": "\(Self.id(number))", "customer": "\(customer)", "email": "c\(number)@example.com", "country": "DE",
             "currency": "\(currency)", "status": "\(status)", "created_at": "\(created)", "flagged": \(flagged), "tags": [],
             "assignee": null, "discount": 0, "shipping": 0, "tax": 0,
             "items": [{"sku": "SKU-\(number)", "title": "Thing", "quantity": 1, "unit_price": \(total)}]}
            """
        }
        let file = binary.path("orders.json")
        try Data(("[" + json.joined(separator: ",\n") + "]").utf8).write(to: URL(fileURLWithPath: file))
        let imported = try binary.run(["import", file, "--db", database])
        guard imported.status == 0 else { throw FixtureError(message: "import failed: \(imported.stderr)") }
    }

    struct FixtureError: Error { var message: String }

    /// Starts the app and waits until all twelve orders are listed.
    func start(width: Int = 120, height: Int = 30, arguments: [String] = [], environment: [String: String] = [:],
               waitForList: Bool = true) throws {
        try start(on: pane, width: width, height: height, arguments: arguments, environment: environment, waitForList: waitForList)
    }

    /// The same on another pane: the app again, on the same database and config, after the first one quit.
    func start(on pane: TmuxPane, width: Int = 120, height: Int = 30, arguments: [String] = [],
               environment: [String: String] = [:], waitForList: Bool = true) throws {
        var variables = ["TERM": "tmux-256color", "XDG_CONFIG_HOME": configHome, "HOME": binary.home.path,
                         "ORDERS_ACTOR": "tester", "LANG": "C.UTF-8"]
        variables.merge(environment) { $1 }
        // tmux sets TERM in the pane itself, so the wanted one is set on the command line.
        let term = variables["TERM"] ?? "tmux-256color"
        let command = (["env", "TERM=\(term)", OrdersBinary.url.path, "--db", database] + arguments)
            .map(TmuxPane.quote).joined(separator: " ")
        try pane.start(TmuxPane.reportingExit(command), width: width, height: height, environment: variables)
        if waitForList { try pane.waitFor(text: "12/12 orders", timeout: 30) }
    }

    /// The order ids in the table on screen, top to bottom (not the search line's text).
    func visibleIDs() throws -> [String] {
        try pane.screen().filter { !$0.hasPrefix("/ ") }.compactMap(Self.orderID(in:))
    }

    /// Waits until the table shows exactly `ids`, top to bottom (a frame can be caught half-written).
    func waitForRows(_ ids: [String], timeout: Double = 15) throws {
        try pane.waitFor("rows \(ids)", timeout: timeout) { screen in
            screen.filter { !$0.hasPrefix("/ ") }.compactMap(Self.orderID(in:)) == ids
        }
    }

    /// Waits until the detail screen of order `number` is on screen (its id heads the first line),
    /// and, when given, `text` has loaded into it.
    func waitForDetail(_ number: Int, showing text: String? = nil) throws {
        try pane.waitFor("the detail of \(Self.id(number))") { screen in
            screen.first?.hasPrefix(Self.id(number)) == true && (text.map { text in screen.contains { $0.contains(text) } } ?? true)
        }
    }

    static func orderID(in line: String) -> String? {
        guard let start = line.range(of: "ORD-")?.lowerBound else { return nil }
        let id = String(line[start...].prefix(11))
        return id.count == 11 ? id : nil
    }

    /// An order as `orders show ID --format json` prints it.
    func stored(_ number: Int) throws -> [String: Any] {
        let result = try binary.run(["show", Self.id(number), "--format", "json", "--db", database])
        guard result.status == 0, let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        else { throw FixtureError(message: "show failed: \(result.stderr)") }
        return object
    }

    /// Waits until the stored order's status is `status` (writes happen in the background).
    func waitForStoredStatus(_ number: Int, _ status: String, timeout: Double = 15) throws {
        try waitUntil("\(Self.id(number)) stored as \(status)", equals: status, within: .seconds(timeout)) {
            try stored(number)["status"] as? String ?? ""
        }
    }

    func stop() {
        try? pane.send("C-c")
        binary.removeAll()
    }

    /// Display columns of `text`, by the one width table (itself checked against glibc's wcwidth,
    /// which tmux uses too).
    static func displayWidth(_ text: Substring) -> Int {
        TerminalText.width(of: text)
    }

    /// For every order row, the display column where `word` (one of the row's
    /// cells) starts; equal columns mean the table is aligned.
    static func columns(of words: [String], in screen: [String]) -> [Int] {
        screen.filter { orderID(in: $0) != nil }.compactMap { line in
            for word in words {
                if let range = line.range(of: " " + word) { return displayWidth(line[..<range.lowerBound]) + 1 }
            }
            return nil
        }
    }
}
