import Foundation
import OrdersCore
import OrdersScreens

/// The user's settings from `config.json`; every field is optional and defaults apply.
///
/// ```json
/// { "theme": "dark", "mouse": true, "highValueThreshold": "1000", "autoAdvance": true,
///   "defaultSort": "total:desc", "serverListThreshold": 200000, "keys": { "order.cancel": ["X"], "list.mark": ["space", "m"] },
///   "fulfilmentPromise": { "within": "2d", "workingDays": ["mon", "tue", "wed", "thu", "fri"] },
///   "commands": [{ "name": "slip", "key": "ctrl-p", "title": "Print packing slips", "run": "print-slips" }] }
/// ```
public struct AppConfig: Equatable, Sendable {
    /// `dark`, `light` or `monochrome`; nil picks by the terminal.
    public var theme: String?
    /// Whether clicks and the wheel are captured at start (default on; `M` toggles).
    public var mouse = true
    public var highValueThreshold: Decimal?
    /// After an action on one order of the list, select the next one.
    public var autoAdvance = true
    public var defaultSort: OrderSort?
    /// Action id → key names; replaces that action's keys.
    public var keys: [String: [String]] = [:]
    /// "Ships within N days of payment": gives each order still to ship a due time (issue 16).
    public var fulfilmentPromise: FulfilmentPromise?
    /// The database when neither `--db` nor `$ORDERS_DB` names one: a file path or a
    /// `postgresql://` URL (a team's server; its password from PGPASSWORD or ~/.pgpass).
    public var database: String?
    /// From this many orders on, a PostgreSQL server serves the list a window at a time
    /// (`PresentationEnvironment.serverListThreshold`; nil keeps its default, 200,000).
    public var serverListThreshold: Int?
    /// Seconds between the app's background pulls of the connected shops (nil: `ShopSync.pullIntervalSeconds`).
    public var shopPullSeconds: Int?
    /// The operator's own commands, run on the selected or marked orders (`CustomCommand`).
    public var commands: [CustomCommand] = []

    public init() {}

    public static let themeNames = ["dark", "light", "monochrome"]

    /// `$XDG_CONFIG_HOME/orders/config.json`, else `~/.config/orders/config.json`.
    public static func path(environment: [String: String]) -> String {
        if let base = environment["XDG_CONFIG_HOME"], !base.isEmpty { return base + "/orders/config.json" }
        return HomeFolder.path(environment: environment) + "/.config/orders/config.json"
    }

    /// Reads the config file. A missing file is the defaults; a broken one gives the
    /// defaults and a one-line problem to show in the app (it never stops the start).
    public static func load(environment: [String: String]) -> (config: AppConfig, problem: String?) {
        let path = path(environment: environment)
        guard FileManager.default.fileExists(atPath: path) else { return (AppConfig(), nil) }
        guard let data = FileManager.default.contents(atPath: path) else {
            return (AppConfig(), "config \(path): cannot be read; using defaults")
        }
        do {
            return (try parse(data), nil)
        } catch {
            return (AppConfig(), "config \(path): \(error); using defaults")
        }
    }

    struct ConfigError: Error, CustomStringConvertible {
        var description: String
    }

    public static func parse(_ data: Data) throws -> AppConfig {
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: data)
        } catch {
            throw ConfigError(description: "not valid JSON")
        }
        guard let fields = object as? [String: Any] else { throw ConfigError(description: "expected a JSON object") }
        var config = AppConfig()
        let known: Set = ["theme", "mouse", "highValueThreshold", "autoAdvance", "defaultSort", "keys", "fulfilmentPromise", "database",
                          "serverListThreshold", "shopPullSeconds", "commands"]
        if let unknown = fields.keys.sorted().first(where: { !known.contains($0) }) {
            throw ConfigError(description: "unknown setting \"\(unknown)\" (known: \(known.sorted().joined(separator: ", ")))")
        }
        if let theme = fields["theme"] {
            guard let name = theme as? String, themeNames.contains(name) else {
                throw ConfigError(description: "theme must be one of \(themeNames.joined(separator: ", "))")
            }
            config.theme = name
        }
        if let database = fields["database"] {
            guard let text = database as? String, !text.isEmpty else {
                throw ConfigError(description: "database must be a file path or a postgresql:// URL")
            }
            config.database = text
        }
        if let mouse = fields["mouse"] {
            guard let value = mouse as? Bool else { throw ConfigError(description: "mouse must be true or false") }
            config.mouse = value
        }
        if let advance = fields["autoAdvance"] {
            guard let value = advance as? Bool else { throw ConfigError(description: "autoAdvance must be true or false") }
            config.autoAdvance = value
        }
        if let threshold = fields["highValueThreshold"] {
            // Money is Decimal: accept a string ("1000.50") or an integer, never a binary float.
            let text = (threshold as? String) ?? (threshold as? NSNumber).map { $0.stringValue }
            guard let text, let value = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")), value >= 0 else {
                throw ConfigError(description: "highValueThreshold must be a non-negative amount like \"1000\"")
            }
            config.highValueThreshold = value
        }
        if let threshold = fields["serverListThreshold"] {
            guard let value = Self.wholeNumber(threshold), value >= 0 else {
                throw ConfigError(description: "serverListThreshold must be a whole number of orders like 200000")
            }
            config.serverListThreshold = value
        }
        if let seconds = fields["shopPullSeconds"] {
            // Under 5 s a pull would hardly end before the next began, and a shop's rate limit would answer.
            guard let value = Self.wholeNumber(seconds), value >= 5 else {
                throw ConfigError(description: "shopPullSeconds must be a whole number of seconds, at least 5, like 30")
            }
            config.shopPullSeconds = value
        }
        if let sort = fields["defaultSort"] {
            guard let text = sort as? String else { throw ConfigError(description: "defaultSort must be a string like \"total:desc\"") }
            do {
                config.defaultSort = try OrderSort(parsing: text)
            } catch {
                throw ConfigError(description: "defaultSort \"\(text)\": \(error.description); write FIELD[:asc|desc]")
            }
        }
        if let keys = fields["keys"] {
            guard let table = keys as? [String: Any] else { throw ConfigError(description: "keys must map actions to key lists") }
            for (action, value) in table {
                if let name = value as? String {
                    config.keys[action] = [name]
                } else if let names = value as? [String] {
                    config.keys[action] = names
                } else {
                    throw ConfigError(description: "keys.\(action) must be a key name or a list of them")
                }
            }
        }
        if let commands = fields["commands"] {
            // A command's key may not be one a built-in command has where commands run, with the
            // config's own `"keys"` in force (or the defaults, when those are refused).
            config.commands = try CustomCommand.list(configValue: commands, keymaps: AppKeymap.withOverrides(config.keys).0)
        }
        if let promise = fields["fulfilmentPromise"] {
            do {
                config.fulfilmentPromise = try FulfilmentPromise(configValue: promise, defaultTimeZone: .current)
            } catch {
                throw ConfigError(description: error.description)
            }
        }
        return config
    }
}
