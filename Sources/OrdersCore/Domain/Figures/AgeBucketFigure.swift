/// The orders still to ship in one age bucket, and the overdue among them.
public struct AgeBucketFigure: Hashable, Sendable {
    public var bucket: AgeBucket
    public var open: DashboardFigure
    /// Nil without a fulfilment promise in the config.
    public var overdue: DashboardFigure?

    public init(bucket: AgeBucket, open: DashboardFigure, overdue: DashboardFigure?) {
        self.bucket = bucket
        self.open = open
        self.overdue = overdue
    }
}
