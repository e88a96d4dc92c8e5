import Foundation

/// The names in a folder, for completing a file name as it is typed (`:import FILE`): folders end
/// in `/` so completion can go on into them. `~` is the home folder; an unreadable folder has none.
public enum FolderEntries {
    public static func names(in folder: String) -> [String] {
        let path = HomeFolder.expandingTilde(in: folder.isEmpty ? "." : folder)
        let manager = FileManager.default
        guard let names = try? manager.contentsOfDirectory(atPath: path) else { return [] }
        return names.map { name in
            var isFolder: ObjCBool = false
            let exists = manager.fileExists(atPath: (path as NSString).appendingPathComponent(name), isDirectory: &isFolder)
            return exists && isFolder.boolValue ? name + "/" : name
        }.sorted()
    }
}
