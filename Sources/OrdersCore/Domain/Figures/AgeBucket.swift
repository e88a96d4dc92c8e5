import Foundation

/// How long an order still to ship has waited since its clock started: under a day, one to two,
/// two to three, three to seven, over seven (24-hour days of elapsed time).
public enum AgeBucket: Int, CaseIterable, Hashable, Sendable {
    case underOneDay, oneToTwoDays, twoToThreeDays, threeToSevenDays, overSevenDays

    /// The label the dashboard shows.
    public var label: String {
        switch self {
        case .underOneDay: "<1d"
        case .oneToTwoDays: "1–2d"
        case .twoToThreeDays: "2–3d"
        case .threeToSevenDays: "3–7d"
        case .overSevenDays: ">7d"
        }
    }

    /// The youngest age in the bucket and the age it stops before, in days (nil: no end).
    var days: (from: Int, to: Int?) {
        switch self {
        case .underOneDay: (0, 1)
        case .oneToTwoDays: (1, 2)
        case .twoToThreeDays: (2, 3)
        case .threeToSevenDays: (3, 7)
        case .overSevenDays: (7, nil)
        }
    }

    /// The creation-time filters that select this bucket's orders at `now`: created at most `to`
    /// days ago (since) and more than `from` days ago (before). The youngest bucket also holds
    /// orders stamped in the future.
    func filters(now: Date) -> [OrderFilter] {
        var filters: [OrderFilter] = []
        if let oldest = oldestCreation(now: now) { filters.append(OrderFilter(.createdSince(oldest))) }
        if days.from > 0 { filters.append(OrderFilter(.createdBefore(now.addingTimeInterval(-Double(days.from) * 86_400)))) }
        return filters
    }

    /// The earliest creation time the bucket holds at `now` (nil: the oldest bucket has no end).
    package func oldestCreation(now: Date) -> Date? {
        days.to.map { now.addingTimeInterval(-Double($0) * 86_400) }
    }

    /// The bucket of an order created at `created`, by the same comparisons as `filters(now:)`.
    static func of(created: Date, now: Date) -> AgeBucket {
        for bucket in allCases {
            if let oldest = bucket.oldestCreation(now: now), created >= oldest { return bucket }
        }
        return .overSevenDays
    }
}
