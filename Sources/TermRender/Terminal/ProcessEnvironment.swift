import Glibc

/// Reads environment variables without Foundation.
enum ProcessEnvironment {
    static func value(_ name: String) -> String? {
        guard let value = getenv(name) else { return nil }
        return String(cString: value)
    }
}
