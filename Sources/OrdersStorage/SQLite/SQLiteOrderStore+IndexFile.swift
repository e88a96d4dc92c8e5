import OrdersCore

extension SQLiteOrderStore: IndexFileStore {
    package var indexFilePath: String { IndexFileLocation.path(besideDatabase: path) }

    package func indexMark() async throws -> IndexMark? {
        try await database.indexMark()
    }

    package func changes(since mark: IndexMark) async throws -> Result<IndexChanges, IndexFileProblem> {
        try await database.indexChanges(since: mark)
    }

    package func indexRows(of ids: [OrderID]) async throws -> [OrderIndexRow] {
        guard !ids.isEmpty else { return [] }
        return try await database.indexRows(of: ids)
    }
}
