import Foundation
import OrdersInterchange

extension ShopDate {
    /// `2026-12-01T10:00:00Z`: a moment in UTC to whole seconds (rounded down), as the shops' APIs
    /// take it in their filters. Woo's `modified_after` with `dates_are_gmt=true` takes it too.
    static func isoSeconds(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        return String(format: "%04d-%02d-%02dT%02d:%02d:%02dZ", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0,
                      parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0)
    }
}
