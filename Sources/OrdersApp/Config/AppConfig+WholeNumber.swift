import Foundation

extension AppConfig {
    /// A JSON value as a whole number, nil for anything else (text, fractions, `true`/`false`).
    /// `is Bool` cannot tell the two apart: Foundation on Linux bridges the numbers 0 and 1 to
    /// Bool, which refused `"serverListThreshold": 1`. A JSON boolean is the one NSNumber whose
    /// type code is "c" (char); the parser gives numbers other codes.
    static func wholeNumber(_ value: Any) -> Int? {
        guard let number = value as? NSNumber, String(cString: number.objCType) != "c" else { return nil }
        guard let whole = value as? Int, NSNumber(value: whole) == number else { return nil }
        return whole
    }
}
