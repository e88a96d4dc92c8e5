import Foundation

/// Finds an executable this package builds, for tests that run the real program.
/// `swift test` builds every product next to the test bundle, so it is looked for
/// beside the running test executable; `<PRODUCT>_BINARY` (e.g. `ORDERS_BINARY`)
/// overrides that.
public enum ProductBinary {
    public static func path(_ product: String) -> String {
        let variable = product.uppercased().replacingOccurrences(of: "-", with: "_") + "_BINARY"
        if let override = ProcessInfo.processInfo.environment[variable], !override.isEmpty { return override }
        let running = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        var folder = URL(fileURLWithPath: running).deletingLastPathComponent()
        // The test executable may sit inside a `.xctest` bundle folder.
        for _ in 0..<3 {
            let candidate = folder.appendingPathComponent(product).path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            folder = folder.deletingLastPathComponent()
        }
        return URL(fileURLWithPath: running).deletingLastPathComponent().appendingPathComponent(product).path
    }
}
