import Foundation
import Testing
@testable import OrdersCore

/// The config file's `fulfilmentPromise`: what is read, and the sentence for each mistake.
@Suite struct FulfilmentPromiseConfigTests {
    static let machineZone = TimeZone(identifier: "America/New_York")!

    func parse(_ json: String) throws(FulfilmentPromiseError) -> FulfilmentPromise {
        let value = try? JSONSerialization.jsonObject(with: Data(json.utf8), options: [.fragmentsAllowed])
        return try FulfilmentPromise(configValue: value as Any, defaultTimeZone: Self.machineZone)
    }

    @Test func aFullPromiseIsReadAsWritten() throws {
        let promise = try parse("""
            {"within": "2d", "workingDays": ["mon", "TUE", "wed", "thu", "fri"],
             "holidays": ["2026-12-25", "2026-12-26"], "timeZone": "Europe/Berlin"}
            """)
        #expect(promise == FulfilmentPromise(
            allowance: .days(2), workingDays: Weekday.mondayToFriday,
            holidays: [CalendarDay(year: 2026, month: 12, day: 25), CalendarDay(year: 2026, month: 12, day: 26)],
            timeZone: TimeZone(identifier: "Europe/Berlin")!))
    }

    @Test func onlyWithinIsNeededAndTheMachinesZoneIsTheDefault() throws {
        #expect(try parse(#"{"within": "48h"}"#) == FulfilmentPromise(allowance: .hours(48), timeZone: Self.machineZone))
    }

    @Test(arguments: [
        (#"[]"#, #"fulfilmentPromise must be an object like {"within": "2d"}"#),
        (#"{}"#, #"fulfilmentPromise needs "within", like "2d" (days) or "48h" (hours)"#),
        (#"{"within": "2d", "shipBy": 1}"#, #"fulfilmentPromise has an unknown setting "shipBy" (known: holidays, timeZone, within, workingDays)"#),
        (#"{"within": "2w"}"#, #"fulfilmentPromise.within must be whole days like "2d" (1–365) or hours like "48h" (1–8760)"#),
        (#"{"within": "0d"}"#, #"fulfilmentPromise.within must be whole days like "2d" (1–365) or hours like "48h" (1–8760)"#),
        (#"{"within": "366d"}"#, #"fulfilmentPromise.within must be whole days like "2d" (1–365) or hours like "48h" (1–8760)"#),
        (#"{"within": "-2d"}"#, #"fulfilmentPromise.within must be whole days like "2d" (1–365) or hours like "48h" (1–8760)"#),
        (#"{"within": 2}"#, #"fulfilmentPromise.within must be whole days like "2d" (1–365) or hours like "48h" (1–8760)"#),
        (#"{"within": "2d", "workingDays": []}"#, #"fulfilmentPromise.workingDays must be a non-empty list of days from sun, mon, tue, wed, thu, fri, sat"#),
        (#"{"within": "2d", "workingDays": ["moon"]}"#, #"fulfilmentPromise.workingDays: "moon" is not one of sun, mon, tue, wed, thu, fri, sat"#),
        (#"{"within": "2d", "holidays": "2026-12-25"}"#, #"fulfilmentPromise.holidays must be a list of dates like "2026-12-25""#),
        (#"{"within": "2d", "holidays": ["2026-02-30"]}"#, #"fulfilmentPromise.holidays: "2026-02-30" is not a date like "2026-12-25""#),
        (#"{"within": "2d", "holidays": ["25.12.2026"]}"#, #"fulfilmentPromise.holidays: "25.12.2026" is not a date like "2026-12-25""#),
        (#"{"within": "2d", "timeZone": "Mars/Olympus"}"#, #"fulfilmentPromise.timeZone must be a time zone name like "Europe/Berlin""#),
    ])
    func mistakesAreRefusedWithASentence(json: String, message: String) {
        #expect(throws: FulfilmentPromiseError(message)) { try parse(json) }
    }
}
