extension SQLiteOrderStore: IndexFileStore {
    var indexFilePath: String { IndexFile.path(besideDatabase: path) }

    func indexMark() async throws -> IndexMark? {
        try await database.indexMark()
    }

    func changes(since mark: IndexMark) async throws -> Result<IndexChanges, IndexFileProblem> {
        try await database.indexChanges(since: mark)
    }

    func indexRows(of ids: [OrderID]) async throws -> [OrderIndexRow] {
        guard !ids.isEmpty else { return [] }
        return try await database.indexRows(of: ids)
    }
}
