import Foundation

/// Finds an executable this package builds, for tests that run the real program.
/// `swift test` builds every product next to the test bundle, so the binary is
/// looked for beside the running test executable; `ORDERS_BINARY` overrides it
/// for the `orders` product.
enum ProductBinary {
    static func path(_ product: String = "orders") throws -> String {
        if product == "orders", let override = ProcessInfo.processInfo.environment["ORDERS_BINARY"], !override.isEmpty {
            return override
        }
        let running = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        var folder = URL(fileURLWithPath: running).deletingLastPathComponent()
        // The test executable may sit inside a `.xctest` bundle folder.
        for _ in 0..<3 {
            let candidate = folder.appendingPathComponent(product).path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            folder = folder.deletingLastPathComponent()
        }
        throw TmuxSession.Failure(description: "cannot find the \(product) binary beside \(running); run `swift build` first or set ORDERS_BINARY")
    }
}
