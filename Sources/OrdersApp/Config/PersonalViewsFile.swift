import Foundation
import OrdersCore
import OrdersInterchange
import OrdersStorage

/// The operator's personal views (`:save --personal NAME`), in `views.json` beside `config.json`
/// in their config folder. A file of its own, so saving a view never rewrites the settings a person
/// wrote by hand. Written whole to a temporary file, then renamed over the old one: a failed write
/// leaves the old file as it was.
///
/// ```json
/// {"views": [{"name": "Urgent DE", "query": "country:DE status:pending", "sort": "date:asc",
///             "columns": ["number", "customer", "total"], "createdAt": "…", "updatedAt": "…", "updatedBy": "ana"}]}
/// ```
public struct PersonalViewsFile: PersonalViewStore {
    public let path: String

    public init(path: String) {
        self.path = path
    }

    /// `views.json` in the folder of the config file (`AppConfig.path`).
    public init(environment: [String: String]) {
        let config = AppConfig.path(environment: environment)
        self.init(path: (config as NSString).deletingLastPathComponent + "/views.json")
    }

    struct FileError: Error, CustomStringConvertible {
        var description: String
    }

    public func load() throws -> [SavedView] {
        guard FileManager.default.fileExists(atPath: path) else { return [] }
        guard let data = FileManager.default.contents(atPath: path) else { throw FileError(description: "\(path) cannot be read") }
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let entries = object["views"] as? [[String: Any]] else {
            throw FileError(description: "\(path) is not a JSON object with a \"views\" list")
        }
        return try entries.enumerated().map { position, entry in
            guard let name = entry["name"] as? String, let query = entry["query"] as? String,
                  let sort = entry["sort"] as? String else {
                throw FileError(description: "\(path): view \(position + 1) needs a name, a query and a sort")
            }
            let created = (entry["createdAt"] as? String).flatMap(ISO8601Milliseconds.date(from:)) ?? Date(timeIntervalSince1970: 0)
            return SavedView(name: name, query: query, sort: sort,
                             columns: entry["columns"] as? [String] ?? ListColumn.names(nil),
                             createdAt: created,
                             updatedAt: (entry["updatedAt"] as? String).flatMap(ISO8601Milliseconds.date(from:)) ?? created,
                             updatedBy: entry["updatedBy"] as? String ?? "", isPersonal: true)
        }
    }

    public func save(_ views: [SavedView]) throws {
        let entries: [[String: Any]] = views.map { view in
            ["name": view.name, "query": view.query, "sort": view.sort, "columns": view.columns,
             "createdAt": ISO8601Milliseconds.string(from: view.createdAt), "updatedAt": ISO8601Milliseconds.string(from: view.updatedAt),
             "updatedBy": view.updatedBy]
        }
        let data = try JSONSerialization.data(withJSONObject: ["views": entries], options: [.prettyPrinted, .sortedKeys])
        let folder = (path as NSString).deletingLastPathComponent
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try data.write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw FileError(description: "could not write \(path): \(error.localizedDescription)")
        }
    }
}
