extension SQLiteOrderStore {
    public func scanIndexRows(batchSize: Int) -> AsyncThrowingStream<[OrderIndexRow], Error> {
        let database = self.database
        return PagedScan.stream(batchSize: batchSize, id: \.id.number) { afterID, limit in
            try await database.indexRows(after: afterID, limit: limit)
        }
    }
}
