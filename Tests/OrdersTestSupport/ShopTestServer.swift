import Foundation
import OrdersCore
import OrdersShops
import TerminalTestSupport

/// A local HTTPS shop for the pull tests: `Tests/ShopServers/shop_server.py` (Python 3; the
/// Shopify one validates each query with graphql-core against a schema written from the
/// documentation, and keeps the documented cost bucket), on 127.0.0.1 at a free port, with a
/// certificate of a test CA made by `openssl` in a fresh folder. Stopped when released.
public final class ShopTestServer: @unchecked Sendable {
    public enum Platform: String, Sendable { case shopify, woocommerce }

    public let platform: Platform
    /// `https://127.0.0.1:PORT`.
    public let url: String
    /// The test CA's certificate: what `--ca-file` trusts.
    public let caFile: String
    public let folder: String
    /// The credential the server takes: a token, or `KEY:SECRET`.
    public let secret: String
    private let server: RunningChild

    public init(_ platform: Platform, secret: String) throws {
        self.platform = platform
        self.secret = secret
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("shop-server-" + UUID().uuidString).path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        caFile = folder + "/ca.pem"
        try Self.makeCertificates(in: folder)
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("ShopServers/shop_server.py").path
        server = try ChildProcess.start(["python3", script, platform.rawValue, folder + "/server.pem", folder + "/server.key", secret],
                                        output: .separate)
        // Its first line is the port it listens on (graphql-core takes a moment to load).
        let deadline = ContinuousClock.now + .seconds(60)
        var port = ""
        while port.isEmpty {
            port = server.output.split(separator: "\n").first.map(String.init) ?? ""
            guard port.isEmpty else { break }
            guard server.isRunning, ContinuousClock.now < deadline else {
                server.signal(SIGTERM)
                throw ShopTestServerError(description: "the \(platform) test server did not start: \(server.errorOutput)")
            }
            usleep(20_000)
        }
        url = "https://127.0.0.1:\(port)"
    }

    deinit {
        server.signal(SIGTERM)
        _ = server.waitUntilExit()
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// Changes the shop (`/_control`, see the script) and waits for its answer.
    @discardableResult
    public func control(_ change: [String: Any]) async throws -> [String: Any] {
        let body = try JSONSerialization.data(withJSONObject: change)
        let response = try await CurlHTTPClient(caFile: caFile).send(HTTPRequest(method: "POST", url: url + "/_control", body: Array(body)))
        return (try JSONSerialization.jsonObject(with: Data(response.body))) as? [String: Any] ?? [:]
    }

    /// The server's counts: requests, queries, throttled, over_budget, invalid, max_cost_exceeded, highest_cost.
    public func counts() async throws -> [String: Int] {
        let response = try await CurlHTTPClient(caFile: caFile).send(HTTPRequest(method: "GET", url: url + "/_control"))
        return (try JSONSerialization.jsonObject(with: Data(response.body))) as? [String: Int] ?? [:]
    }

    /// Every write the server applied, oldest first (`/_control/received`): Shopify's
    /// `{"field", "variables"}` of each mutation, WooCommerce's `{"method", "path", "body"}`.
    public func received() async throws -> [NSDictionary] {
        let response = try await CurlHTTPClient(caFile: caFile).send(HTTPRequest(method: "GET", url: url + "/_control/received"))
        return (try JSONSerialization.jsonObject(with: Data(response.body))) as? [NSDictionary] ?? []
    }

    /// The orders as the shop holds them now (`/_control/orders`; WooCommerce's with their notes under "notes").
    public func orders() async throws -> [NSDictionary] {
        let response = try await CurlHTTPClient(caFile: caFile).send(HTTPRequest(method: "GET", url: url + "/_control/orders"))
        return (try JSONSerialization.jsonObject(with: Data(response.body))) as? [NSDictionary] ?? []
    }

    /// A CA, and a server certificate for 127.0.0.1 it signed.
    private static func makeCertificates(in folder: String) throws {
        let steps: [[String]] = [
            ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", "ca.key", "-out", "ca.pem", "-days", "2",
             "-subj", "/CN=orders test CA"],
            ["openssl", "req", "-newkey", "rsa:2048", "-nodes", "-keyout", "server.key", "-out", "server.csr", "-subj", "/CN=127.0.0.1"],
            ["openssl", "x509", "-req", "-in", "server.csr", "-CA", "ca.pem", "-CAkey", "ca.key", "-CAcreateserial",
             "-out", "server.pem", "-days", "2", "-extfile", "ext.cnf"],
        ]
        try "subjectAltName=IP:127.0.0.1\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n"
            .write(toFile: folder + "/ext.cnf", atomically: true, encoding: .utf8)
        for step in steps {
            let result = try ChildProcess.result(of: ["/bin/sh", "-c", "cd \"$0\" && exec \"$@\"", folder] + step)
            guard result.exit == .exited(0) else {
                throw ShopTestServerError(description: "\(step.joined(separator: " ")) failed: \(result.errorOutput)")
            }
        }
    }
}

public struct ShopTestServerError: Error, CustomStringConvertible {
    public var description: String
}
