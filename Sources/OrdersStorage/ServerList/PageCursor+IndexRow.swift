import OrdersCore

extension PageCursor {
    /// The position of a row of the list in any sort: its sort values as the row holds them.
    public init(_ row: OrderIndexRow) {
        self.init(id: row.id, createdAt: row.createdAt, customerKey: SearchFolding.fold(row.customerName),
                  total: row.reportingTotal, statusRank: row.status.workflowRank, itemCount: row.itemCount,
                  hasDueTime: Order.hasDueTime(status: row.status), dueClockStart: row.ageStart)
    }
}
