/// The file formats orders can be imported from and exported to.
public enum OrderFileFormat: String, CaseIterable, Sendable {
    case csv
    case json

    /// The format a file name's extension implies (`.csv`, `.json`, any case), or nil.
    public init?(fileName: String) {
        let lowered = fileName.lowercased()
        if lowered.hasSuffix(".csv") { self = .csv } else if lowered.hasSuffix(".json") { self = .json } else { return nil }
    }
}
