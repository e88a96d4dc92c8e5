/// A day of the week, numbered as Foundation's Gregorian calendar numbers them (Sunday is 1).
public enum Weekday: Int, CaseIterable, Hashable, Sendable, Comparable {
    case sunday = 1, monday, tuesday, wednesday, thursday, friday, saturday

    /// Monday to Friday.
    public static let mondayToFriday: Set<Weekday> = [.monday, .tuesday, .wednesday, .thursday, .friday]

    /// The three-letter English name the config file uses ("mon").
    public var shortName: String {
        switch self {
        case .sunday: "sun"
        case .monday: "mon"
        case .tuesday: "tue"
        case .wednesday: "wed"
        case .thursday: "thu"
        case .friday: "fri"
        case .saturday: "sat"
        }
    }

    public static func < (lhs: Weekday, rhs: Weekday) -> Bool { lhs.rawValue < rhs.rawValue }
}
